import { MESSAGE_RULES, PRIVATE_MESSAGE_MESSAGES as M, type PrivateMessage } from '@seyirlik/shared-contracts';
import { useLayoutEffect, useRef } from 'react';
import { animateScrollTop } from '../../lib/animateScroll';
import { messageTime } from './messageTime';

/** A list scrolled this close to its end follows new messages; further up, the reader is reading back. */
const FOLLOW_WITHIN_PX = 80;
/** Scrolled this close to its top, the list asks for older messages. */
const OLDER_WITHIN_PX = 40;

/** The newest of the viewer's messages the other member has read: "Görüldü" goes under it. */
export function seenSeqOf(messages: readonly PrivateMessage[], viewerId: number, otherReadSeq: number): number | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.sender.id === viewerId && message.seq <= otherReadSeq) return message.seq;
  }
  return null;
}

/**
 * A conversation's messages, oldest first, as text. A new message scrolls into view in
 * MESSAGE_RULES.scrollMs (seed §9) when the reader is at the end or wrote it; older messages load
 * when the reader scrolls to the top (or asks with the button) and keep the reader where they were.
 */
export function MessageList({
  messages,
  viewerId,
  otherReadSeq,
  hasOlder,
  loadingOlder,
  loadOlder,
}: {
  messages: readonly PrivateMessage[];
  viewerId: number;
  otherReadSeq: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const shown = useRef<{ first: number; last: number; height: number }>({ first: 0, last: 0, height: 0 });
  const seenSeq = seenSeqOf(messages, viewerId, otherReadSeq);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return undefined;
    const first = messages[0]?.seq ?? 0;
    const newest = messages.at(-1);
    const last = newest?.seq ?? 0;
    const before = shown.current;
    let stop: (() => void) | undefined;
    if (before.last === 0 && last > 0) {
      element.scrollTop = element.scrollHeight;
    } else if (first < before.first && last === before.last) {
      // Older messages came in above: the ones being read stay where they were.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last > before.last && (following.current || newest?.sender.id === viewerId)) {
      stop = animateScrollTop(element, element.scrollHeight - element.clientHeight, MESSAGE_RULES.scrollMs);
    }
    shown.current = { first, last, height: element.scrollHeight };
    return stop;
  }, [messages, viewerId]);

  return (
    <ol
      ref={listRef}
      className="conversation__messages"
      aria-live="polite"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN_PX;
        if (element.scrollTop < OLDER_WITHIN_PX && hasOlder && !loadingOlder) loadOlder();
      }}
    >
      {hasOlder ? (
        <li className="conversation__older">
          <button type="button" className="button button--secondary" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? M.loadingOlder : M.loadOlder}
          </button>
        </li>
      ) : null}
      {messages.length === 0 ? <li className="conversation__empty">{M.emptyConversation}</li> : null}
      {messages.map((message) => {
        const mine = message.sender.id === viewerId;
        return (
          <li key={message.seq} className={mine ? 'conversation__message conversation__message--mine' : 'conversation__message'} data-seq={message.seq}>
            <p className="conversation__text">{message.text}</p>
            <time className="conversation__time" dateTime={message.sentAt}>
              {messageTime(message.sentAt)}
            </time>
            {message.seq === seenSeq ? <span className="conversation__seen">{M.seen}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
