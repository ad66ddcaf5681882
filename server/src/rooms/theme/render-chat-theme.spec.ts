import type { ChatMessage } from '@seyirlik/shared-contracts';
import { createElement as h, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { randomThemeText } from '../../../test/harness/random-theme-text';
import { seededRandom } from '../../../test/harness/seeded-random';
import { renderChatTheme } from './render-chat-theme';

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  seq: 7,
  roomCode: 'Ab3dEf7hIj9k',
  author: { id: 3, username: 'ayse', profileName: 'Ayşe', avatarUrl: '/media/5f0c.webp' },
  text: 'Başlıyor!',
  // 21:31 in Istanbul (UTC+3)
  sentAt: '2025-11-21T18:31:00.000Z',
  ...overrides,
});

describe('renderChatTheme', () => {
  it('renders each message with its sequence, author, time in Türkiye and text, oldest first', () => {
    const sut = renderChatTheme([message(), message({ seq: 8, text: 'Geldim', author: { id: 4, username: 'omer', profileName: 'Ömer', avatarUrl: null } })]);

    expect(sut).toBe(
      '<div class="chat-message" data-id="7"><a class="chat-message__author" href="/profile/ayse">' +
        '<img class="chat-message__avatar" src="/media/5f0c.webp" alt="" width="32" height="32" loading="lazy"/><span class="chat-message__name">Ayşe</span></a>' +
        '<time class="chat-message__time" dateTime="2025-11-21T18:31:00.000Z">21:31</time><p class="chat-message__text">Başlıyor!</p></div>' +
        '<div class="chat-message" data-id="8"><a class="chat-message__author" href="/profile/omer"><span class="chat-message__name">Ömer</span></a>' +
        '<time class="chat-message__time" dateTime="2025-11-21T18:31:00.000Z">21:31</time><p class="chat-message__text">Geldim</p></div>',
    );
  });

  it('escapes every text a member wrote', () => {
    const sut = renderChatTheme([
      message({
        text: '<img src=x onerror=alert(1)> & "selam"',
        author: { id: 3, username: 'ayse', profileName: '<b>Ayşe</b>', avatarUrl: null },
      }),
    ]);

    expect(sut).not.toContain('<img src=x');
    expect(sut).not.toContain('<b>');
    expect(sut).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;selam&quot;');
    expect(sut).toContain('&lt;b&gt;Ayşe&lt;/b&gt;');
  });

  it('is empty when there is nothing new', () => {
    expect(renderChatTheme([])).toBe('');
  });

  describe('the same markup React gives the theme', () => {
    // The theme as React rendered it before it was written by hand: what legacy clients received.
    const clock = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });
    const rendered = (messages: ChatMessage[]) =>
      renderToStaticMarkup(
        h(
          Fragment,
          null,
          messages.map(({ seq, author, sentAt, text }) =>
            h(
              'div',
              { className: 'chat-message', 'data-id': seq, key: seq },
              h(
                'a',
                { className: 'chat-message__author', href: `/profile/${encodeURIComponent(author.username)}` },
                author.avatarUrl ? h('img', { className: 'chat-message__avatar', src: author.avatarUrl, alt: '', width: 32, height: 32, loading: 'lazy' }) : null,
                h('span', { className: 'chat-message__name' }, author.profileName),
              ),
              h('time', { className: 'chat-message__time', dateTime: sentAt }, clock.format(new Date(sentAt))),
              h('p', { className: 'chat-message__text' }, text),
            ),
          ),
        ),
      );

    const random = seededRandom(20261129);
    const { text, avatarUrl, sentAt } = randomThemeText(random);
    const randomMessage = (seq: number): ChatMessage => ({
      seq,
      roomCode: 'Ab3dEf7hIj9k',
      author: { id: seq, username: text(12), profileName: text(20), avatarUrl: avatarUrl() },
      text: text(60),
      sentAt: sentAt(),
    });

    it('for 500 random pages of messages, every character HTML escapes among their texts', () => {
      for (let page = 0; page < 500; page += 1) {
        const messages = Array.from({ length: Math.floor(random() * 4) }, (_, at) => randomMessage(page * 10 + at + 1));
        expect(renderChatTheme(messages)).toBe(rendered(messages));
      }
    });
  });
});

