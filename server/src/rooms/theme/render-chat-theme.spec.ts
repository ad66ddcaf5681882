import type { ChatMessage } from '@seyirlik/shared-contracts';
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
});
