import { PRIVATE_MESSAGE_MESSAGES as M, SEND_KEY_PATTERN } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildPublicProfile, buildSessionUser } from '../../../test/builders';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { ProfilePage } from '../profile/ProfilePage';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';

const mert = buildPublicProfile({ username: 'mert', profileName: 'Mert Kaya' });

function renderProfileAs(viewer: ReturnType<typeof buildSessionUser> | null, profile = mert) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: viewer, recaptchaSiteKey: null });
  return renderInRouter(
    <>
      <ProfilePage profile={profile} />
      <Toaster />
    </>,
    { path: `/profile/${profile.username}`, store },
  );
}

async function settle() {
  for (let round = 0; round < 5; round += 1) await act(async () => {});
}

/** The fake server: the block state of Mert, sends and block changes. */
function serveProfile() {
  let blocked = false;
  return mockFetch((path, init) => {
    if (path === '/api/users/mert/block') {
      if (init.method === 'POST') blocked = true;
      if (init.method === 'DELETE') blocked = false;
      return { status: 200, body: { blocked } };
    }
    if (path === '/api/conversations' && init.method === 'POST') {
      return { status: 201, body: { seq: 1, hash: 'Hx9dk2LmQp0aZr7TuVw3bc', sender: buildSessionUser(), text: 'Merhaba', sentAt: '2026-11-20T10:00:00.000Z' } };
    }
    if (path.startsWith('/api/users/mert/comments')) return { status: 200, body: { comments: [], nextCursor: null } };
    return { status: 404 };
  });
}

describe('the profile’s message and block buttons', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('are not offered to a visitor', async () => {
    serveProfile();
    renderProfileAs(null);
    await settle();
    expect(screen.queryByRole('button', { name: M.sendMessage })).toBeNull();
  });

  it('are not offered on the member’s own profile', async () => {
    serveProfile();
    renderProfileAs(buildSessionUser({ username: 'Mert' }));
    await settle();
    expect(screen.queryByRole('button', { name: M.sendMessage })).toBeNull();
  });

  it('sends a first message from the send-message modal, refusing an empty one first', async () => {
    const fetchMock = serveProfile();
    renderProfileAs(buildSessionUser());
    await settle();

    fireEvent.click(screen.getByRole('button', { name: M.sendMessage }));
    const dialog = screen.getByRole('dialog', { name: M.sendMessageTo('Mert Kaya') });
    fireEvent.click(within(dialog).getByRole('button', { name: M.send }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe(M.textRequired);

    fireEvent.change(within(dialog).getByRole('textbox', { name: M.writePlaceholder }), { target: { value: 'Merhaba' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.send }));
    await settle();

    const send = fetchMock.mock.calls.findIndex(([path, init]: [string, RequestInit]) => path === '/api/conversations' && init.method === 'POST');
    expect(sentBody(fetchMock, send)).toEqual({ username: 'mert', text: 'Merhaba', clientKey: expect.stringMatching(SEND_KEY_PATTERN) });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(M.sent)).toBeTruthy();
  });

  it('blocks and unblocks the member', async () => {
    serveProfile();
    renderProfileAs(buildSessionUser());
    await settle();

    fireEvent.click(screen.getByRole('button', { name: M.block }));
    await settle();
    expect(screen.getByRole('button', { name: M.unblock }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(M.blocked)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: M.unblock }));
    await settle();
    expect(screen.getByRole('button', { name: M.block }).getAttribute('aria-pressed')).toBe('false');
  });
});
