import { profilePath, type ChatMessage } from '@seyirlik/shared-contracts';
import { escapeHtml } from '../../platform/http/html-text';
import { minuteClock } from '../../platform/http/minute-clock';

/** Messages are stamped with the time in Türkiye, where the site's audience is. */
const clock = minuteClock(new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }));

/** One message; `data-id` carries its sequence, the next `get_chat` cursor of a legacy client. */
function chatMessageHtml(message: ChatMessage): string {
  const { author } = message;
  const avatar = author.avatarUrl
    ? `<img class="chat-message__avatar" src="${escapeHtml(author.avatarUrl)}" alt="" width="32" height="32" loading="lazy"/>`
    : '';
  return (
    `<div class="chat-message" data-id="${message.seq}">` +
    `<a class="chat-message__author" href="${escapeHtml(profilePath(author.username))}">${avatar}<span class="chat-message__name">${escapeHtml(author.profileName)}</span></a>` +
    `<time class="chat-message__time" dateTime="${escapeHtml(message.sentAt)}">${clock(message.sentAt)}</time>` +
    `<p class="chat-message__text">${escapeHtml(message.text)}</p></div>`
  );
}

/**
 * The `theme` of `add_chat` and `get_chat`: the messages as legacy clients append them, oldest
 * first, every text a member wrote escaped. Written as a string, not rendered by React as the
 * other themes are: every send and every legacy client's poll (each 5 s) renders it, and React
 * took some 130 µs a message where this takes a few; the markup is the same, byte for byte.
 */
export function renderChatTheme(messages: readonly ChatMessage[]): string {
  let html = '';
  for (const message of messages) html += chatMessageHtml(message);
  return html;
}
