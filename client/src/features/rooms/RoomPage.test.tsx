import { MESSAGES, ROOM_MESSAGES, ROOM_RULES, SEND_KEY_PATTERN, type ChatMessage } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser } from '../../../test/builders';
import { deferredReply, mockFetch, sentBody, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';
import { buildChatMessage, buildRoomDetail, buildRoomMember } from './roomBuilders';
import { RoomPage } from './RoomPage';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const CODE = 'Abc123Def456';
const ayse = buildRoomMember({ id: 7, username: 'ayse', profileName: 'Ayşe Yılmaz' });
const mert = buildRoomMember({ id: 8, username: 'mert', profileName: 'Mert Kaya' });
const zeynep = buildRoomMember({ id: 9, username: 'zeynep', profileName: 'Zeynep Ak' });

/** The fake server: the room's messages, a send answered by `send`, the room itself for refreshes. */
function serveRoom(stored: ChatMessage[], send?: (text: string) => FakeReply | Promise<FakeReply>) {
  return mockFetch((path, init) => {
    if (path === `/api/rooms/${CODE}/messages` && init.method === 'POST') {
      const { text } = JSON.parse(String(init.body)) as { text: string };
      if (send) return send(text);
      const message = buildChatMessage(stored.length + 1, { author: ayse, text });
      stored.push(message);
      return { status: 200, body: message };
    }
    if (path.startsWith(`/api/rooms/${CODE}/messages?after=`)) {
      const after = Number(path.split('after=')[1]);
      return { status: 200, body: { messages: stored.filter((message) => message.seq > after), hasMore: false } };
    }
    if (path === `/api/rooms/${CODE}`) return { status: 200, body: buildRoomDetail() };
    return { status: 404 };
  });
}

function renderRoom(room = buildRoomDetail()) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: buildSessionUser({ id: 7 }), recaptchaSiteKey: null });
  return renderInRouter(
    <>
      <RoomPage room={room} watch={null} />
      <Toaster />
    </>,
    { store, path: `/oda/${CODE}` },
  );
}

const joins = () => fakeSocket.emitted.filter((sent) => sent.event === 'room.join');
const status = () => document.querySelector('.room-status')!.textContent;
const composer = () => screen.getByRole('textbox', { name: ROOM_MESSAGES.chatPlaceholder }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: ROOM_MESSAGES.send }) as HTMLButtonElement;
const chatRegion = () => screen.getByRole('region', { name: ROOM_MESSAGES.chatHeading });
const messageTexts = () => Array.from(chatRegion().querySelectorAll('.room-chat__text')).map((text) => text.textContent);
const typingLine = () => chatRegion().querySelector('.room-chat__typing')!.textContent;

/** Lets the fake server's answers (and what they lead to) arrive. */
async function settle() {
  for (let round = 0; round < 5; round += 1) await act(async () => {});
}

/** The room joined, with its catch-up done. */
async function enterRoom(stored: ChatMessage[] = []) {
  const fetchMock = serveRoom(stored);
  const view = renderRoom(buildRoomDetail({ lastSeq: stored.length }));
  await screen.findByRole('heading', { level: 1 });
  await act(async () => joins().at(-1)!.ack!({ ok: true }));
  await settle();
  return { fetchMock, ...view };
}

function type(text: string) {
  fireEvent.change(composer(), { target: { value: text } });
}

describe('RoomPage', () => {
  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows the room, its episode and whether it is live or polling', async () => {
    serveRoom([]);
    renderRoom(buildRoomDetail({ canControl: false }));

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Cuma akşamı');
    expect(screen.getByRole('link', { name: 'Çınaraltı Sırları 1. Sezon 2. Bölüm' }).getAttribute('href')).toBe(
      '/dizi/cinaralti-sirlari/1-sezon/2-bolum',
    );
    expect(screen.getByText(ROOM_MESSAGES.noPlayableSource)).toBeTruthy();
    expect(screen.getByText('Oynatmayı Ayşe Yılmaz yönetiyor.')).toBeTruthy();
    expect(status()).toBe(ROOM_MESSAGES.connecting);

    await act(async () => joins()[0]!.ack!({ ok: true }));
    await settle();
    expect(status()).toBe(ROOM_MESSAGES.live);

    act(() => fakeSocket.fire('disconnect', 'transport close'));
    await settle();
    expect(status()).toBe(ROOM_MESSAGES.polling);
  });

  it("lists the room's messages oldest first, then the ones pushed live", async () => {
    await enterRoom([buildChatMessage(1, { text: 'İlk' }), buildChatMessage(2, { author: ayse, text: 'İkinci' })]);

    expect(await within(chatRegion()).findByText('İkinci')).toBeTruthy();
    act(() => fakeSocket.fire('chat.messageCreated', buildChatMessage(3, { text: 'Üçüncü' })));

    expect(messageTexts()).toEqual(['İlk', 'İkinci', 'Üçüncü']);
    expect(chatRegion().querySelectorAll('.room-chat__message--own')).toHaveLength(1);
    expect(within(chatRegion()).getAllByText('Mert Kaya')).toHaveLength(2);
  });

  it('says when the room has no message yet', async () => {
    await enterRoom();

    expect(within(chatRegion()).getByText(ROOM_MESSAGES.chatEmpty)).toBeTruthy();
  });

  it('shows who is here and who is typing, but not the viewer', async () => {
    await enterRoom();

    act(() => fakeSocket.fire('room.presenceChanged', { code: CODE, online: [ayse, mert, zeynep] }));
    const presence = screen.getByRole('region', { name: ROOM_MESSAGES.presenceHeading });
    expect(within(presence).getByText('Mert Kaya')).toBeTruthy();
    expect(within(presence).getByText('Zeynep Ak')).toBeTruthy();

    act(() => fakeSocket.fire('room.typingChanged', { code: CODE, member: ayse, typing: true }));
    expect(typingLine()).toBe('');
    act(() => fakeSocket.fire('room.typingChanged', { code: CODE, member: mert, typing: true }));
    expect(typingLine()).toBe('Mert Kaya yazıyor…');
    act(() => fakeSocket.fire('room.typingChanged', { code: CODE, member: zeynep, typing: true }));
    expect(typingLine()).toBe(ROOM_MESSAGES.typingMany);

    act(() => fakeSocket.fire('room.typingChanged', { code: CODE, member: zeynep, typing: false }));
    expect(typingLine()).toBe('Mert Kaya yazıyor…');
    // Mert left without a stop reaching us.
    act(() => fakeSocket.fire('room.presenceChanged', { code: CODE, online: [ayse, zeynep] }));
    expect(typingLine()).toBe('');
  });

  it('sends with Enter, once, tells the room while typing and clears the box', async () => {
    const { fetchMock } = await enterRoom();

    type('Merhaba');
    expect(fakeSocket.emitted.filter((sent) => sent.event === 'room.typing').map((sent) => sent.args[0])).toEqual([
      { code: CODE, typing: true },
    ]);
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(0);

    await act(async () => {
      fireEvent.keyDown(composer(), { key: 'Enter' });
    });

    const posts = fetchMock.mock.calls.flatMap(([path, init], index) => (init.method === 'POST' ? [{ path, index }] : []));
    expect(posts.map(({ path }) => path)).toEqual([`/api/rooms/${CODE}/messages`]);
    expect(sentBody(fetchMock, posts[0]!.index)).toEqual({ text: 'Merhaba', clientKey: expect.stringMatching(SEND_KEY_PATTERN) });
    expect(messageTexts()).toEqual(['Merhaba']);
    expect(composer().value).toBe('');
    expect(fakeSocket.emitted.filter((sent) => sent.event === 'room.typing').at(-1)!.args[0]).toEqual({ code: CODE, typing: false });
  });

  it('refuses an empty message with the Turkish text, sending nothing', async () => {
    const { fetchMock } = await enterRoom();

    type('   ');
    fireEvent.click(sendButton());

    expect((await screen.findByRole('alert')).textContent).toBe(ROOM_MESSAGES.messageEmpty);
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(0);
  });

  it('disables the button while sending and keeps the text when the send fails', async () => {
    const answer = deferredReply();
    serveRoom([], () => answer.promise);
    renderRoom();
    await screen.findByRole('heading', { level: 1 });

    type('Geliyor musun?');
    fireEvent.click(sendButton());
    expect(sendButton().disabled).toBe(true);

    await act(async () => answer.resolve({ status: 429, body: { statusCode: 429, message: MESSAGES.tooManyRequests } }));

    expect(sendButton().disabled).toBe(false);
    expect(composer().value).toBe('Geliyor musun?');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.tooManyRequests);
  });

  it('retries a failed send under the same key, and takes a new key for new text and after a success', async () => {
    let failNext = true;
    const stored: ChatMessage[] = [];
    const fetchMock = serveRoom(stored, (text) => {
      if (failNext) return { status: 503, body: { statusCode: 503, message: MESSAGES.serviceUnavailable } };
      const message = buildChatMessage(stored.length + 1, { author: ayse, text });
      stored.push(message);
      return { status: 201, body: message };
    });
    renderRoom();
    await screen.findByRole('heading', { level: 1 });
    const sentKeys = () =>
      fetchMock.mock.calls.flatMap(([, init], index) => (init.method === 'POST' ? [sentBody(fetchMock, index) as { text: string; clientKey: string }] : []));

    type('Geliyor musun?');
    await act(async () => fireEvent.click(sendButton()));
    await act(async () => fireEvent.click(sendButton()));
    type('Geliyor musun??');
    await act(async () => fireEvent.click(sendButton()));
    failNext = false;
    await act(async () => fireEvent.click(sendButton()));
    type('Geliyor musun??');
    await act(async () => fireEvent.click(sendButton()));

    const [first, retry, changed, changedRetry, afterSuccess] = sentKeys();
    expect(sentKeys().map((body) => body.text)).toEqual(['Geliyor musun?', 'Geliyor musun?', 'Geliyor musun??', 'Geliyor musun??', 'Geliyor musun??']);
    expect(first!.clientKey).toMatch(SEND_KEY_PATTERN);
    expect(retry!.clientKey).toBe(first!.clientKey);
    expect(changed!.clientKey).not.toBe(first!.clientKey);
    expect(changedRetry!.clientKey).toBe(changed!.clientKey);
    expect(afterSuccess!.clientKey).not.toBe(changed!.clientKey);
  });

  it('counts what is left of the limit and stops at it', async () => {
    await enterRoom();
    expect(screen.getByText(`${ROOM_RULES.messageMaxLength} karakter kaldı`)).toBeTruthy();

    type('ğ'.repeat(ROOM_RULES.messageMaxLength - 3));
    expect(screen.getByText('3 karakter kaldı')).toBeTruthy();

    type('ğ'.repeat(ROOM_RULES.messageMaxLength + 20));
    expect(composer().value).toBe('ğ'.repeat(ROOM_RULES.messageMaxLength));
    expect(screen.getByText(MESSAGES.commentLimitReached)).toBeTruthy();
  });
});
