import { profilePath, type PrivateMessage } from '@seyirlik/shared-contracts';
import { escapeHtml } from '../../platform/http/html-text';
import { minuteClock } from '../../platform/http/minute-clock';

/** Messages are stamped with the time in Türkiye, where the site's audience is. */
const clock = minuteClock(new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }));

/** One message; `data-id` carries its sequence, `data-mine` whether the viewer wrote it. */
function privateMessageHtml(message: PrivateMessage, viewerId: number): string {
  const { sender } = message;
  const mine = sender.id === viewerId;
  const avatar = sender.avatarUrl
    ? `<img class="message__avatar" src="${escapeHtml(sender.avatarUrl)}" alt="" width="32" height="32" loading="lazy"/>`
    : '';
  return (
    `<div class="${mine ? 'message message--mine' : 'message'}" data-id="${message.seq}" data-mine="${mine ? 1 : 0}">` +
    `<a class="message__sender" href="${escapeHtml(profilePath(sender.username))}">${avatar}<span class="message__name">${escapeHtml(sender.profileName)}</span></a>` +
    `<time class="message__time" dateTime="${escapeHtml(message.sentAt)}">${clock(message.sentAt)}</time>` +
    `<p class="message__text">${escapeHtml(message.text)}</p></div>`
  );
}

/**
 * The `theme` (and `getMessage`'s `message`) of the legacy message calls: a conversation's
 * messages as legacy clients show them, oldest first, every text members wrote escaped. Written
 * as a string with React's escaping, as the chat's theme is (see renderChatTheme): every send and
 * every poll makes it, and React took some 130 µs a message.
 */
export function renderMessageTheme(messages: readonly PrivateMessage[], viewerId: number): string {
  let html = '';
  for (const message of messages) html += privateMessageHtml(message, viewerId);
  return html;
}
