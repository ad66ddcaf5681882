import type { PrivateMessage } from '@seyirlik/shared-contracts';
import { createElement as h, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { randomThemeText } from '../../../test/harness/random-theme-text';
import { seededRandom } from '../../../test/harness/seeded-random';
import { renderMessageTheme } from './render-message-theme';

const message = (overrides: Partial<PrivateMessage> = {}): PrivateMessage => ({
  seq: 4,
  hash: 'c0ffee',
  sender: { id: 3, username: 'ayse', profileName: 'Ayşe', avatarUrl: '/media/5f0c.webp' },
  text: 'Akşam izleyelim mi?',
  // 21 November, 21:31 in Istanbul (UTC+3)
  sentAt: '2025-11-21T18:31:00.000Z',
  ...overrides,
});

describe('renderMessageTheme', () => {
  it("renders each message with its sequence, whether it is the viewer's, its sender, time in Türkiye and text, oldest first", () => {
    const sut = renderMessageTheme([message(), message({ seq: 5, text: 'Olur', sender: { id: 4, username: 'ömer k', profileName: 'Ömer', avatarUrl: null } })], 3);

    expect(sut).toBe(
      '<div class="message message--mine" data-id="4" data-mine="1"><a class="message__sender" href="/profile/ayse">' +
        '<img class="message__avatar" src="/media/5f0c.webp" alt="" width="32" height="32" loading="lazy"/><span class="message__name">Ayşe</span></a>' +
        '<time class="message__time" dateTime="2025-11-21T18:31:00.000Z">21/11 21:31</time><p class="message__text">Akşam izleyelim mi?</p></div>' +
        '<div class="message" data-id="5" data-mine="0"><a class="message__sender" href="/profile/%C3%B6mer%20k"><span class="message__name">Ömer</span></a>' +
        '<time class="message__time" dateTime="2025-11-21T18:31:00.000Z">21/11 21:31</time><p class="message__text">Olur</p></div>',
    );
  });

  it('escapes every text a member wrote', () => {
    const sut = renderMessageTheme(
      [message({ text: '<img src=x onerror=alert(1)> & "selam"', sender: { id: 3, username: "o'neil", profileName: '<b>Ayşe</b>', avatarUrl: null } })],
      3,
    );

    expect(sut).not.toContain('<img src=x');
    expect(sut).not.toContain('<b>');
    expect(sut).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;selam&quot;');
    expect(sut).toContain('&lt;b&gt;Ayşe&lt;/b&gt;');
    expect(sut).toContain('href="/profile/o&#x27;neil"');
  });

  it('is empty when there is nothing new', () => {
    expect(renderMessageTheme([], 3)).toBe('');
  });

  it('gives the markup React gave it, byte for byte, for 500 random pages of messages', () => {
    // The theme as React rendered it before it was written by hand: what legacy clients received.
    const clock = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });
    const rendered = (messages: PrivateMessage[], viewerId: number) =>
      renderToStaticMarkup(
        h(
          Fragment,
          null,
          messages.map(({ seq, sender, sentAt, text }) => {
            const mine = sender.id === viewerId;
            return h(
              'div',
              { className: mine ? 'message message--mine' : 'message', 'data-id': seq, 'data-mine': mine ? 1 : 0, key: seq },
              h(
                'a',
                { className: 'message__sender', href: `/profile/${encodeURIComponent(sender.username)}` },
                sender.avatarUrl ? h('img', { className: 'message__avatar', src: sender.avatarUrl, alt: '', width: 32, height: 32, loading: 'lazy' }) : null,
                h('span', { className: 'message__name' }, sender.profileName),
              ),
              h('time', { className: 'message__time', dateTime: sentAt }, clock.format(new Date(sentAt))),
              h('p', { className: 'message__text' }, text),
            );
          }),
        ),
      );

    const random = seededRandom(20261130);
    const { text, avatarUrl, sentAt } = randomThemeText(random);
    const randomMessage = (seq: number): PrivateMessage => ({
      seq,
      hash: 'c0ffee',
      sender: {
        id: 1 + Math.floor(random() * 2),
        username: text(12),
        profileName: text(20),
        avatarUrl: avatarUrl(),
      },
      text: text(60),
      sentAt: sentAt(),
    });

    for (let page = 0; page < 500; page += 1) {
      const messages = Array.from({ length: Math.floor(random() * 4) }, (_, at) => randomMessage(page * 10 + at + 1));
      expect(renderMessageTheme(messages, 1)).toBe(rendered(messages, 1));
    }
  });
});
