import { TEXT } from '../../app/messages';
import { useSocketStatus, type SocketStatus } from './socketStatus';

const LABELS: Record<SocketStatus, string> = {
  connecting: TEXT.socket.connecting,
  connected: TEXT.socket.connected,
  disconnected: TEXT.socket.disconnected,
};

export function SocketStatusIndicator() {
  const status = useSocketStatus();
  return (
    <p className="socket-status" data-testid="socket-status" data-status={status}>
      <span className="socket-status__dot" aria-hidden="true" />
      {LABELS[status]}
    </p>
  );
}
