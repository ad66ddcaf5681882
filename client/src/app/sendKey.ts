import { useCallback, useRef } from 'react';

/**
 * A send's idempotency key (see the shared sendKeySchema): 32 hex characters from the browser's
 * random source, which unlike crypto.randomUUID is there outside secure contexts too.
 */
export function newSendKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per composed message for a composer: `keyFor(text)` answers the same key for every
 * retry of the same text, so a send whose answer was lost is not stored twice, and a new one once
 * the text changed; `sent()` after a send succeeded makes the next message take a new key.
 */
export function useSendKey(): { keyFor: (text: string) => string; sent: () => void } {
  const current = useRef<{ text: string; key: string } | null>(null);
  const keyFor = useCallback((text: string) => {
    if (current.current?.text !== text) current.current = { text, key: newSendKey() };
    return current.current.key;
  }, []);
  const sent = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, sent };
}
