import { useEffect, useRef } from 'react';
import { TEXT } from '../../app/messages';
import { useToast } from '../toast/toasts';
import { useSocketStatus } from './socketStatus';

/** Tells the visitor when a working live connection drops, and when it comes back. */
export function useConnectionToasts(): void {
  const status = useSocketStatus();
  const toast = useToast();
  const lost = useRef(false);
  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before === 'connected' && status === 'disconnected') {
      lost.current = true;
      toast.info(TEXT.socket.lost);
    } else if (lost.current && status === 'connected') {
      lost.current = false;
      toast.success(TEXT.socket.restored);
    }
  }, [status, toast]);
}
