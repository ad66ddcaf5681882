import { MESSAGES, type ContinueWatchingEntry, type SessionUser, type TitleMemberState } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser, buildTitleCard, buildTitleDetail } from '../../../test/builders';
import { deferredReply, mockFetch, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { TitlePage } from '../catalog/TitlePage';
import { LoginModalHost } from '../session/LoginModalHost';
import { sessionAtom } from '../session/session';
import { useLoginRequiredPrompt } from '../session/useLoginRequiredPrompt';
import { Toaster } from '../toast/Toaster';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const TITLE = buildTitleDetail();
const BASE = `/api/titles/dizi/${TITLE.slug}`;
const NOTHING: TitleMemberState = { following: false, favorite: false, notify: false, watchedEpisodeIds: [] };
const RESUME: ContinueWatchingEntry = {
  id: 41,
  title: buildTitleCard(),
  episode: { id: 2, season: 1, number: 2, name: 'Mektup', durationSeconds: 2640 },
  watchPath: `/dizi/${TITLE.slug}/1-sezon/2-bolum`,
  positionSeconds: 754,
  updatedAt: '2025-05-19T10:00:00.000Z',
};

type Handler = (path: string, init: RequestInit) => FakeReply | Promise<FakeReply>;

/** The calls of the member controls (the page's other sections, such as comments, make their own). */
const MEMBER_STATE_PATH = new RegExp(`^(${BASE}/(me|continue-watching|follow|favorite|notify)|/api/episodes/\\d+/watched)$`);
const isMemberStateCall = (path: string) => MEMBER_STATE_PATH.test(path);
const memberStateCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([path]: [string]) => isMemberStateCall(path));
/** The path, method and JSON body of the newest member-state call. */
function lastMemberStateCall(fetchMock: jest.Mock) {
  const [path, init] = memberStateCalls(fetchMock).at(-1) as [string, RequestInit];
  return { path, method: init.method, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
}

/** The server's answers: the member's state and entry, and `write` for the calls that change them. */
function serve({ state = NOTHING, resume = null, write }: { state?: TitleMemberState; resume?: ContinueWatchingEntry | null; write?: Handler } = {}) {
  return mockFetch((path, init) => {
    if (path === `${BASE}/me`) return { status: 200, body: state };
    if (path === `${BASE}/continue-watching`) return { status: 200, body: { entry: resume } };
    if (write && isMemberStateCall(path)) return write(path, init);
    return { status: 404, body: { statusCode: 404, message: MESSAGES.notFound } };
  });
}

/** The title page as the app shows it: 401s open the login modal, failures arrive as toasts. */
function Page() {
  useLoginRequiredPrompt();
  return (
    <>
      <TitlePage title={TITLE} />
      <LoginModalHost />
      <Toaster />
    </>
  );
}

/** Renders the page for `user` (null: a visitor) once the router shows it. */
async function renderPage(user: SessionUser | null = buildSessionUser()) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  const view = renderInRouter(<Page />, { path: `/dizi/${TITLE.slug}`, store });
  await screen.findByRole('group', { name: 'Üyelik işlemleri' });
  return view;
}

const actions = () => screen.getByRole('group', { name: 'Üyelik işlemleri' });
/** An error toast (not another section's own alert). */
const errorToast = () => within(screen.getByRole('region', { name: 'Bildirimler' })).findByRole('alert');
const noErrorToast = () => within(screen.getByRole('region', { name: 'Bildirimler' })).queryByRole('alert');
const box = (episode: number) => within(screen.getByRole('tabpanel')).getByRole('checkbox', { name: `İzledim: ${episode}. Bölüm` }) as HTMLInputElement;
const checked = () =>
  within(screen.getByRole('tabpanel'))
    .getAllByRole('checkbox')
    .map((input) => (input as HTMLInputElement).checked);

describe('TitlePage member controls', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("shows the member's marks, watched episodes and where to continue", async () => {
    serve({ state: { following: true, favorite: true, notify: true, watchedEpisodeIds: [2, 3] }, resume: RESUME });
    await renderPage();

    const resume = await within(actions()).findByRole('link', { name: /Devam et/ });
    expect(resume.getAttribute('href')).toBe(`/dizi/${TITLE.slug}/1-sezon/2-bolum?t=754`);
    expect(resume.textContent).toBe('Devam et1. Sezon 2. Bölüm · Kaldığın yer 12:34');
    expect(within(actions()).getByRole('button', { name: 'Takibi Bırak' })).toBeTruthy();
    expect(within(actions()).getByRole('button', { name: 'Favori' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(actions()).getByRole('button', { name: 'Haber verme' })).toBeTruthy();
    expect(checked()).toEqual([false, true]);

    fireEvent.click(screen.getByRole('tab', { name: '2. Sezon' }));
    expect(checked()).toEqual([true]);
  });

  it('asks nothing for a visitor and offers no resume link', async () => {
    const fetchMock = serve();
    await renderPage(null);

    await waitFor(() => expect(within(actions()).getByRole('button', { name: 'Takip Et' }).hasAttribute('disabled')).toBe(false));
    expect(within(actions()).getByRole('button', { name: 'Haber ver' })).toBeTruthy();
    expect(within(actions()).queryByRole('link')).toBeNull();
    expect(memberStateCalls(fetchMock)).toEqual([]);
  });

  it('keeps the controls disabled until the session is known', async () => {
    const fetchMock = serve();
    renderInRouter(<TitlePage title={TITLE} />);
    await screen.findByRole('group', { name: 'Üyelik işlemleri' });

    expect(within(actions()).getByRole('button', { name: 'Takip Et' }).hasAttribute('disabled')).toBe(true);
    expect(box(1).disabled).toBe(true);
    expect(memberStateCalls(fetchMock)).toEqual([]);
  });

  it('disables follow while its call runs, then takes the label from the answer', async () => {
    const reply = deferredReply();
    const fetchMock = serve({ write: () => reply.promise });
    await renderPage();
    const follow = await within(actions()).findByRole('button', { name: 'Takip Et' });
    await waitFor(() => expect(follow.hasAttribute('disabled')).toBe(false));

    fireEvent.click(follow);

    expect(follow.hasAttribute('disabled')).toBe(true);
    expect(follow.getAttribute('aria-busy')).toBe('true');
    expect(lastMemberStateCall(fetchMock)).toMatchObject({ path: `${BASE}/follow`, method: 'POST' });
    await act(async () => reply.resolve({ status: 200, body: { ...NOTHING, following: true } }));

    const unfollow = within(actions()).getByRole('button', { name: 'Takibi Bırak' });
    expect(unfollow.hasAttribute('disabled')).toBe(false);
    expect(unfollow.hasAttribute('aria-busy')).toBe(false);
  });

  it('sets the favourite mark by the answered status', async () => {
    let favorite = false;
    serve({
      write: () => {
        favorite = !favorite;
        return { status: 200, body: { ...NOTHING, favorite } };
      },
    });
    await renderPage();
    const button = await within(actions()).findByRole('button', { name: 'Favori' });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('switches "Haber ver" to "Haber verme" by the answer, and re-enables it with an error toast when it fails', async () => {
    let reply: FakeReply = { status: 200, body: { ...NOTHING, notify: true } };
    serve({ write: () => reply });
    await renderPage();
    const notifyOff = await within(actions()).findByRole('button', { name: 'Haber ver' });
    await waitFor(() => expect(notifyOff.hasAttribute('disabled')).toBe(false));

    fireEvent.click(notifyOff);
    const notifyOn = await within(actions()).findByRole('button', { name: 'Haber verme' });

    reply = { status: 500, body: { statusCode: 500, message: MESSAGES.serverError } };
    await waitFor(() => expect(notifyOn.hasAttribute('disabled')).toBe(false));
    fireEvent.click(notifyOn);

    expect((await errorToast()).textContent).toContain(MESSAGES.serverError);
    expect(within(actions()).getByRole('button', { name: 'Haber verme' }).hasAttribute('disabled')).toBe(false);
  });

  it("applies the answered season to every box of that season, not only the one clicked", async () => {
    let answer = { active: true, seasonEpisodeIds: [1, 2] };
    const fetchMock = serve({ state: { ...NOTHING, watchedEpisodeIds: [3] }, write: () => ({ status: 200, body: answer }) });
    await renderPage();
    await waitFor(() => expect(box(1).disabled).toBe(false));

    fireEvent.click(box(1));

    // Episode 2 was marked elsewhere (another tab); the server's season answer says so.
    await waitFor(() => expect(checked()).toEqual([true, true]));
    expect(lastMemberStateCall(fetchMock)).toEqual({ path: '/api/episodes/1/watched', method: 'POST', body: { watched: true } });

    answer = { active: false, seasonEpisodeIds: [] };
    await waitFor(() => expect(box(2).disabled).toBe(false));
    fireEvent.click(box(2));

    await waitFor(() => expect(checked()).toEqual([false, false]));
    expect(lastMemberStateCall(fetchMock)).toEqual({ path: '/api/episodes/2/watched', method: 'POST', body: { watched: false } });
    // The other season keeps its own state.
    fireEvent.click(screen.getByRole('tab', { name: '2. Sezon' }));
    expect(checked()).toEqual([true]);
  });

  it('disables a box while its call runs and leaves it as it was when the call fails', async () => {
    const reply = deferredReply();
    serve({ write: () => reply.promise });
    await renderPage();
    await waitFor(() => expect(box(1).disabled).toBe(false));

    fireEvent.click(box(1));

    expect(box(1).disabled).toBe(true);
    await act(async () => reply.resolve({ status: 500, body: { statusCode: 500, message: MESSAGES.serverError } }));
    expect((await errorToast()).textContent).toContain(MESSAGES.serverError);
    expect(box(1).disabled).toBe(false);
    expect(box(1).checked).toBe(false);
  });

  it('gives a visitor the login modal for a mark, then loads their state once they log in', async () => {
    const fetchMock = serve({
      state: { ...NOTHING, following: true },
      write: () => ({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } }),
    });
    const { store } = await renderPage(null);
    const follow = within(actions()).getByRole('button', { name: 'Takip Et' });

    fireEvent.click(follow);

    const modal = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(modal.textContent).toContain(MESSAGES.loginRequired);
    expect(noErrorToast()).toBeNull();
    expect(follow.hasAttribute('disabled')).toBe(false);

    act(() => store.set(sessionAtom, { loaded: true, user: buildSessionUser(), recaptchaSiteKey: null }));

    expect(await within(actions()).findByRole('button', { name: 'Takibi Bırak' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`${BASE}/me`, expect.objectContaining({ method: 'GET' }));
  });

  it('gives a visitor the login modal for a watched box, which stays unchecked', async () => {
    serve({ write: () => ({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } }) });
    await renderPage(null);

    fireEvent.click(box(2));

    expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    expect(box(2).checked).toBe(false);
    expect(box(2).disabled).toBe(false);
  });
});
