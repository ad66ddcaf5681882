import type { ChatMessage } from '@seyirlik/shared-contracts';

/** Messages are stamped with the time in Türkiye, where the site's audience is. */
const clock = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });

/** One message; `data-id` carries its sequence, the next `get_chat` cursor of a legacy client. */
function ChatMessageItem({ message }: { message: ChatMessage }) {
  const { author } = message;
  return (
    <div className="chat-message" data-id={message.seq}>
      <a className="chat-message__author" href={`/profile/${encodeURIComponent(author.username)}`}>
        {author.avatarUrl ? <img className="chat-message__avatar" src={author.avatarUrl} alt="" width={32} height={32} loading="lazy" /> : null}
        <span className="chat-message__name">{author.profileName}</span>
      </a>
      <time className="chat-message__time" dateTime={message.sentAt}>
        {clock.format(new Date(message.sentAt))}
      </time>
      <p className="chat-message__text">{message.text}</p>
    </div>
  );
}

/** Chat messages as legacy clients append them, oldest first. */
export function ChatMessages({ messages }: { messages: ChatMessage[] }) {
  return (
    <>
      {messages.map((message) => (
        <ChatMessageItem key={message.seq} message={message} />
      ))}
    </>
  );
}
