import {
  MESSAGE_RULES,
  PRIVATE_MESSAGE_MESSAGES as M,
  SEND_KEY_PATTERN,
  rooms,
  type ConversationView,
  type MemberCard,
  type PrivateMessage,
} from '@seyirlik/shared-contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { MessagesLink } from './MessagesLink';
import { ConversationPane } from './ConversationPane';
import { seenSeqOf } from './MessageList';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const HASH = 'Hx9dk2LmQp0aZr7TuVw3bc';
const ayse: MemberCard = { id: 7, username: 'ayse', profileName: 'Ayşe Yılmaz', avatarUrl: null };
const mert: MemberCard = { id: 8, username: 'mert', profileName: 'Mert Kaya', avatarUrl: null };

function buildMessage(seq: number, overrides: Partial<PrivateMessage> = {}): PrivateMessage {
  return { seq, hash: HASH, sender: seq % 2 === 1 ? mert : ayse, text: `mesaj ${seq}`, sentAt: '2026-11-20T10:00:00.000Z', ...overrides };
}

function buildView(overrides: Partial<ConversationView> = {}): ConversationView {
  return { hash: HASH, other: mert, lastSeq: 0, readSeq: 0, otherReadSeq: 0, blockedByMe: false, ...overrides };
}

/** The fake server: the conversation with Mert, its stored messages, sends and reads. */
function serveConversation(stored: PrivateMessage[], view: () => FakeReply = () => ({ status: 200, body: buildView({ lastSeq: stored.length }) })) {
  return mockFetch((path, init) => {
    if (path === '/api/conversations/with/mert') return view();
    if (path === `/api/conversations/${HASH}/messages` && init.method === 'POST') {
      const { text } = JSON.parse(String(init.body)) as { text: string };
      const message = buildMessage(stored.length + 1, { sender: ayse, text });
      stored.push(message);
      return { status: 201, body: message };
    }
    if (path.startsWith(`/api/conversations/${HASH}/messages?after=`)) {
      const after = Number(path.split('after=')[1]);
      return { status: 200, body: { messages: stored.filter((message) => message.seq > after), hasMore: false } };
    }
    if (path.startsWith(`/api/conversations/${HASH}/messages?before=`)) {
      const before = Number(path.split('before=')[1]);
      const older = stored.filter((message) => message.seq < before);
      return { status: 200, body: { messages: older.slice(-MESSAGE_RULES.pageSize), hasMore: older.length > MESSAGE_RULES.pageSize } };
    }
    if (path === `/api/conversations/${HASH}/read`) return { status: 200, body: { readSeq: JSON.parse(String(init.body)).seq } };
    if (path === '/api/conversations/unread') return { status: 200, body: { count: unreadCount } };
    return { status: 404, body: { message: 'yok' } };
  });
}

let unreadCount = 0;

function renderAs(ui: React.ReactNode) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: buildSessionUser({ id: ayse.id, username: ayse.username }), recaptchaSiteKey: null });
  return renderInRouter(ui, { store, path: '/profile/message/mert' });
}

/** Lets the fake server's answers (and what they lead to) arrive. */
async function settle() {
  for (let round = 0; round < 6; round += 1) await act(async () => {});
}

const joins = () => fakeSocket.emitted.filter((sent) => sent.event === 'room.join');
async function joinChannel() {
  await settle();
  const join = joins().at(-1)!;
  expect(join.args[0]).toEqual({ room: rooms.user(ayse.id) });
  await act(async () => join.ack!({ ok: true }));
  await settle();
}

const texts = () => Array.from(document.querySelectorAll('.conversation__text')).map((text) => text.textContent);
const paths = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([path, init]: [string, RequestInit | undefined]) => `${init?.method ?? 'GET'} ${path}`);

describe('the conversation pane', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the conversation on the member’s own channel, catching up from one page before the newest message', async () => {
    const stored = Array.from({ length: 40 }, (_, index) => buildMessage(index + 1));
    const fetchMock = serveConversation(stored);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();

    expect(paths(fetchMock)).toContain(`GET /api/conversations/${HASH}/messages?after=${40 - MESSAGE_RULES.pageSize}`);
    expect(texts()).toEqual(stored.slice(40 - MESSAGE_RULES.pageSize).map((message) => message.text));
    expect(screen.getByRole('link', { name: mert.profileName }).getAttribute('href')).toBe('/profile/mert');
    expect(screen.getByRole('button', { name: M.loadOlder })).toBeTruthy();
  });

  it('loads older messages on request, above the ones shown', async () => {
    const stored = Array.from({ length: 40 }, (_, index) => buildMessage(index + 1));
    serveConversation(stored);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();

    fireEvent.click(screen.getByRole('button', { name: M.loadOlder }));
    await settle();

    expect(texts()).toEqual(stored.map((message) => message.text));
    expect(screen.queryByRole('button', { name: M.loadOlder })).toBeNull();
  });

  it('shows a pushed message of this conversation once, marks it read, and ignores other conversations', async () => {
    const stored = [buildMessage(1)];
    const fetchMock = serveConversation(stored);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();

    act(() => {
      fakeSocket.fire('message.created', { ...buildMessage(2, { sender: mert, text: 'Orada mısın?' }), recipientId: ayse.id });
      fakeSocket.fire('message.created', { ...buildMessage(2, { sender: mert, text: 'Orada mısın?' }), recipientId: ayse.id });
      fakeSocket.fire('message.created', { ...buildMessage(3, { hash: 'OtherHashOtherHash0000', text: 'başka' }), recipientId: ayse.id });
    });
    await settle();

    expect(texts()).toEqual(['mesaj 1', 'Orada mısın?']);
    const reads = fetchMock.mock.calls.filter(([path]: [string]) => path === `/api/conversations/${HASH}/read`);
    expect(reads.map(([, init]: [string, RequestInit]) => JSON.parse(String(init.body)))).toEqual([{ seq: 1 }, { seq: 2 }]);
  });

  it('sends with a send key and shows the message once, however its answer and push cross', async () => {
    const stored = [buildMessage(1)];
    const fetchMock = serveConversation(stored);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();

    fireEvent.change(screen.getByRole('textbox', { name: M.writePlaceholder }), { target: { value: '<b>Merhaba</b>' } });
    fireEvent.click(screen.getByRole('button', { name: M.send }));
    await settle();
    act(() => fakeSocket.fire('message.created', { ...stored[1]!, recipientId: mert.id }));

    expect(texts()).toEqual(['mesaj 1', '<b>Merhaba</b>']);
    expect(document.querySelector('.conversation__messages b')).toBeNull();
    const send = fetchMock.mock.calls.find(([path, init]: [string, RequestInit]) => path === `/api/conversations/${HASH}/messages` && init.method === 'POST')!;
    expect(JSON.parse(String(send[1].body))).toEqual({ text: '<b>Merhaba</b>', clientKey: expect.stringMatching(SEND_KEY_PATTERN) });
  });

  it('refuses an empty message before sending anything', async () => {
    const fetchMock = serveConversation([buildMessage(1)]);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();

    fireEvent.change(screen.getByRole('textbox', { name: M.writePlaceholder }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: M.send }));
    await settle();

    expect(screen.getByRole('alert').textContent).toContain(M.textRequired);
    expect(paths(fetchMock).filter((path) => path.startsWith('POST') && path.endsWith('/messages'))).toEqual([]);
  });

  it('shows "Görüldü" under the viewer’s last message the other member read, live', async () => {
    serveConversation([buildMessage(1), buildMessage(2), buildMessage(3), buildMessage(4)]);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();
    expect(screen.queryByText(M.seen)).toBeNull();

    act(() => fakeSocket.fire('conversation.read', { hash: HASH, readerId: mert.id, readSeq: 3 }));

    expect(screen.getByText(M.seen).closest('li')!.getAttribute('data-seq')).toBe('2');
    act(() => fakeSocket.fire('conversation.read', { hash: HASH, readerId: mert.id, readSeq: 4 }));
    expect(screen.getByText(M.seen).closest('li')!.getAttribute('data-seq')).toBe('4');
  });

  it('shows the other member typing until they stop or the typing timeout passes', async () => {
    serveConversation([buildMessage(1)]);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();
    const typingLine = () => document.querySelector('.conversation__typing')!.textContent;

    act(() => fakeSocket.fire('conversation.typingChanged', { hash: HASH, member: mert, typing: true }));
    expect(typingLine()).toBe(M.typing(mert.profileName));
    act(() => jest.advanceTimersByTime(MESSAGE_RULES.typingTimeoutMs));
    expect(typingLine()).toBe('');
  });

  it('tells the other member the viewer is typing, and that they stopped when the message went', async () => {
    serveConversation([buildMessage(1)]);
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();
    const signals = () => fakeSocket.emitted.filter((sent) => sent.event === 'conversation.typing').map((sent) => sent.args[0]);

    fireEvent.change(screen.getByRole('textbox', { name: M.writePlaceholder }), { target: { value: 'Merh' } });
    expect(signals()).toEqual([{ hash: HASH, typing: true }]);
    fireEvent.click(screen.getByRole('button', { name: M.send }));
    await settle();

    expect(signals()).toEqual([
      { hash: HASH, typing: true },
      { hash: HASH, typing: false },
    ]);
  });

  it('tells the server the conversation is open, again every refresh period, and that it closed', async () => {
    serveConversation([buildMessage(1)]);
    const view = renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await joinChannel();
    const views = () => fakeSocket.emitted.filter((sent) => sent.event === 'conversation.view').map((sent) => sent.args[0]);

    expect(views()).toEqual([{ hash: HASH, viewing: true }]);
    act(() => jest.advanceTimersByTime(MESSAGE_RULES.viewRefreshMs));
    expect(views()).toHaveLength(2);
    view.unmount();
    expect(views().at(-1)).toEqual({ hash: HASH, viewing: false });
  });

  it('shows why the conversation could not be loaded (seed §8)', async () => {
    serveConversation([], () => ({ status: 404, body: { statusCode: 404, message: M.recipientNotFound } }));
    renderAs(<ConversationPane userId={ayse.id} username="mert" />);
    await settle();

    expect(screen.getByRole('alert').textContent).toContain(M.recipientNotFound);
  });
});

describe('the header’s messages link', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
  });

  afterEach(() => jest.restoreAllMocks());

  it('shows the number of unread conversations and follows new messages and reads live', async () => {
    unreadCount = 1;
    serveConversation([]);
    renderAs(<MessagesLink />);
    await settle();
    expect(screen.getByTestId('messages-unread').textContent).toContain('1');
    expect(screen.getByRole('link', { name: M.unreadBadge(1) }).getAttribute('href')).toBe('/mesajlar');

    unreadCount = 2;
    act(() => fakeSocket.fire('message.created', { ...buildMessage(5), recipientId: ayse.id }));
    await settle();
    expect(screen.getByTestId('messages-unread').textContent).toContain('2');

    unreadCount = 0;
    act(() => fakeSocket.fire('conversation.read', { hash: HASH, readerId: ayse.id, readSeq: 5 }));
    await settle();
    expect(screen.queryByTestId('messages-unread')).toBeNull();
  });
});

describe('seenSeqOf', () => {
  it('answers the viewer’s newest message at or before the other member’s read position', () => {
    const messages = [buildMessage(1), buildMessage(2), buildMessage(3), buildMessage(4), buildMessage(5)];

    expect(seenSeqOf(messages, ayse.id, 0)).toBeNull();
    expect(seenSeqOf(messages, ayse.id, 3)).toBe(2);
    expect(seenSeqOf(messages, ayse.id, 5)).toBe(4);
  });
});
