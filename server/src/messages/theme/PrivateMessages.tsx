import { profilePath, type PrivateMessage } from '@seyirlik/shared-contracts';

/** Messages are stamped with the time in Türkiye, where the site's audience is. */
const clock = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });

/** One message; `data-id` carries its sequence, `data-mine` whether the viewer wrote it. */
function PrivateMessageItem({ message, viewerId }: { message: PrivateMessage; viewerId: number }) {
  const { sender } = message;
  const mine = sender.id === viewerId;
  return (
    <div className={mine ? 'message message--mine' : 'message'} data-id={message.seq} data-mine={mine ? 1 : 0}>
      <a className="message__sender" href={profilePath(sender.username)}>
        {sender.avatarUrl ? <img className="message__avatar" src={sender.avatarUrl} alt="" width={32} height={32} loading="lazy" /> : null}
        <span className="message__name">{sender.profileName}</span>
      </a>
      <time className="message__time" dateTime={message.sentAt}>
        {clock.format(new Date(message.sentAt))}
      </time>
      <p className="message__text">{message.text}</p>
    </div>
  );
}

/** A conversation's messages as legacy clients show them, oldest first. */
export function PrivateMessages({ messages, viewerId }: { messages: PrivateMessage[]; viewerId: number }) {
  return (
    <>
      {messages.map((message) => (
        <PrivateMessageItem key={message.seq} message={message} viewerId={viewerId} />
      ))}
    </>
  );
}
