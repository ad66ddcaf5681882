import { MESSAGES, ROOM_MESSAGES, ROOM_RULES } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser } from '../../../test/builders';
import { deferredReply, mockFetch, sentBody, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { LoginModalHost } from '../session/LoginModalHost';
import { sessionAtom } from '../session/session';
import { buildRoomMember } from './roomBuilders';
import { WatchTogetherButton } from './WatchTogetherButton';

jest.mock('../realtime/socket', () => ({ reconnectSocket: jest.fn() }));

const mert = buildRoomMember({ id: 8, username: 'mert', profileName: 'Mert Kaya' });
const zeynep = buildRoomMember({ id: 9, username: 'zeynep', profileName: 'Zeynep Ak' });
const melis = buildRoomMember({ id: 10, username: 'melis', profileName: 'Melis Er' });

/** The fake server: suggestions for an empty query, the search's matches for "me". */
function serveCandidates(create: () => FakeReply | Promise<FakeReply> = () => ({ status: 200, body: { code: 'Abc123Def456', link: '/oda/Abc123Def456' } })) {
  return mockFetch((path, init) => {
    if (path === '/api/rooms' && init.method === 'POST') return create();
    if (path === '/api/rooms/invite-candidates?q=') return { status: 200, body: { members: [mert, zeynep] } };
    if (path === '/api/rooms/invite-candidates?q=me') return { status: 200, body: { members: [melis, mert] } };
    return { status: 404 };
  });
}

function renderButton({ member = true, episodeId = 3, loaded = true } = {}) {
  const store = createStore();
  store.set(sessionAtom, { loaded, user: member && loaded ? buildSessionUser() : null, recaptchaSiteKey: null });
  const rendered = renderInRouter(
    <>
      <WatchTogetherButton episodeId={episodeId} />
      <LoginModalHost />
    </>,
    { store, path: '/dizi/cinaralti-sirlari/1-sezon/2-bolum' },
  );
  return { ...rendered, store };
}

async function openModal() {
  fireEvent.click(await screen.findByRole('button', { name: ROOM_MESSAGES.watchTogether }));
  return screen.findByRole('dialog', { name: ROOM_MESSAGES.createRoomHeading });
}

const candidateNames = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('checkbox')
    .map((box) => {
      const row = box.closest('label')!;
      const name = row.querySelector('.invite-checklist__name')!.textContent;
      const username = row.querySelector('.invite-checklist__username')!.textContent;
      return `${name} ${username}${(box as HTMLInputElement).checked ? ' ✓' : ''}`;
    });

const search = (modal: HTMLElement, text: string) =>
  fireEvent.change(within(modal).getByRole('searchbox', { name: ROOM_MESSAGES.inviteSearchPlaceholder }), { target: { value: text } });

const creations = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([path]) => path === '/api/rooms');

describe('WatchTogetherButton', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks a visitor to log in instead of opening the modal', async () => {
    const fetchMock = serveCandidates();
    renderButton({ member: false });

    fireEvent.click(await screen.findByRole('button', { name: ROOM_MESSAGES.watchTogether }));

    const login = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(login.textContent).toContain(MESSAGES.loginRequired);
    expect(screen.queryByRole('dialog', { name: ROOM_MESSAGES.createRoomHeading })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cannot be pressed until the session is known, and then opens the modal for the member', async () => {
    serveCandidates();
    const { store } = renderButton({ loaded: false });
    const button = await screen.findByRole('button', { name: ROOM_MESSAGES.watchTogether });

    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null }));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(await openModal()).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Giriş Yap' })).toBeNull();
  });

  it('lists the suggestions at once and searches from two characters after a 500 ms pause, keeping the checked', async () => {
    const fetchMock = serveCandidates();
    renderButton();
    const modal = await openModal();
    expect(await within(modal).findByText('Mert Kaya')).toBeTruthy();
    expect(candidateNames(modal)).toEqual(['Mert Kaya @mert', 'Zeynep Ak @zeynep']);

    fireEvent.click(within(modal).getByRole('checkbox', { name: /Zeynep Ak/ }));
    jest.useFakeTimers();
    search(modal, 'm');
    await act(async () => jest.advanceTimersByTime(ROOM_RULES.inviteSearchDebounceMs));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    search(modal, 'me');
    await act(async () => jest.advanceTimersByTime(ROOM_RULES.inviteSearchDebounceMs - 1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/rooms/invite-candidates?q=me', expect.anything());

    expect(candidateNames(modal)).toEqual(['Zeynep Ak @zeynep ✓', 'Melis Er @melis', 'Mert Kaya @mert']);
  });

  it('sends nothing without a title, and says so in Turkish', async () => {
    const fetchMock = serveCandidates();
    renderButton();
    const modal = await openModal();

    fireEvent.change(within(modal).getByLabelText(ROOM_MESSAGES.roomTitleLabel), { target: { value: '   ' } });
    fireEvent.click(within(modal).getByRole('button', { name: ROOM_MESSAGES.createRoom }));

    expect(await within(modal).findByText(ROOM_MESSAGES.titleRequired)).toBeTruthy();
    expect(creations(fetchMock)).toHaveLength(0);
  });

  it('sends nothing without an episode', async () => {
    const fetchMock = serveCandidates();
    renderButton({ episodeId: 0 });
    const modal = await openModal();

    fireEvent.change(within(modal).getByLabelText(ROOM_MESSAGES.roomTitleLabel), { target: { value: 'Cuma akşamı' } });
    fireEvent.click(within(modal).getByRole('button', { name: ROOM_MESSAGES.createRoom }));

    expect((await within(modal).findByRole('alert')).textContent).toBe(ROOM_MESSAGES.episodeRequired);
    expect(creations(fetchMock)).toHaveLength(0);
  });

  it('creates the room with the invites and control mode, disabled while sending, then goes to its page', async () => {
    const answer = deferredReply();
    const fetchMock = serveCandidates(() => answer.promise);
    const { router } = renderButton();
    const modal = await openModal();
    await within(modal).findByText('Mert Kaya');

    fireEvent.change(within(modal).getByLabelText(ROOM_MESSAGES.roomTitleLabel), { target: { value: '  Cuma akşamı ' } });
    fireEvent.click(within(modal).getByRole('checkbox', { name: /Mert Kaya/ }));
    fireEvent.click(within(modal).getByRole('radio', { name: ROOM_MESSAGES.controlModeEveryone }));
    fireEvent.click(within(modal).getByRole('button', { name: ROOM_MESSAGES.createRoom }));

    const submit = await within(modal).findByRole('button', { name: ROOM_MESSAGES.createRoom });
    await act(async () => {});
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(sentBody(fetchMock, fetchMock.mock.calls.findIndex(([path]) => path === '/api/rooms'))).toEqual({
      episodeId: 3,
      title: 'Cuma akşamı',
      invite: [8],
      controlMode: 'everyone',
    });

    await act(async () => answer.resolve({ status: 200, body: { code: 'Abc123Def456', link: '/oda/Abc123Def456' } }));

    expect(await screen.findByText('not found page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/oda/Abc123Def456');
  });
});
