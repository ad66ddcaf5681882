import { ROOM_MESSAGES, type ChatMessage, type RoomMember } from '@seyirlik/shared-contracts';
import { useEffect, useId, useRef } from 'react';
import { Avatar } from '../../ui/Avatar';
import { ChatComposer } from './ChatComposer';
import { typingTextOf, useTypingAnnouncer, useTypingMembers } from './useTyping';

const timeFormat = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit' });

/** A list scrolled this close to its end follows new messages; further up, the reader is reading back. */
const FOLLOW_WITHIN_PX = 80;

/** The room's chat: its messages oldest first, who is typing, and the write box. */
export function RoomChat({
  code,
  viewerId,
  messages,
  send,
  online,
}: {
  code: string;
  viewerId: number | null;
  messages: readonly ChatMessage[];
  send: (text: string, clientKey: string) => Promise<void>;
  /** Who is in the room: a typing member who left is typing no more. */
  online: readonly RoomMember[];
}) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const typingText = typingTextOf(useTypingMembers(code, viewerId, online));
  const { typed, stopped } = useTypingAnnouncer(code);

  useEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  return (
    <section className="room-chat" aria-labelledby={headingId}>
      <h2 id={headingId} className="room-side__heading">
        {ROOM_MESSAGES.chatHeading}
      </h2>
      <ol
        ref={list}
        className="room-chat__messages"
        aria-live="polite"
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN_PX;
        }}
      >
        {messages.length === 0 ? <li className="room-chat__empty">{ROOM_MESSAGES.chatEmpty}</li> : null}
        {messages.map((message) => (
          <li
            key={message.seq}
            className={message.author.id === viewerId ? 'room-chat__message room-chat__message--own' : 'room-chat__message'}
            data-seq={message.seq}
          >
            <Avatar name={message.author.profileName} imageUrl={message.author.avatarUrl} size={32} />
            <div className="room-chat__body">
              <p className="room-chat__meta">
                <span className="room-chat__author">{message.author.profileName}</span>{' '}
                <time dateTime={message.sentAt}>{timeFormat.format(new Date(message.sentAt))}</time>
              </p>
              <p className="room-chat__text">{message.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="room-chat__typing" aria-live="polite">
        {typingText}
      </p>
      <ChatComposer send={send} typed={typed} stopped={stopped} />
    </section>
  );
}
