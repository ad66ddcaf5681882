import { MEMBER_STATE_MESSAGES, MESSAGES, type ContinueWatchingEntry, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildSessionUser, buildTitleCard } from '../../../test/builders';
import { deferredReply, mockFetch, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';
import { ContinueWatchingRow } from './ContinueWatchingRow';

function buildEntry(overrides: Partial<ContinueWatchingEntry> = {}): ContinueWatchingEntry {
  return {
    id: 41,
    title: buildTitleCard(),
    episode: { id: 2, season: 1, number: 2, name: 'Mektup', durationSeconds: 2640 },
    watchPath: '/dizi/cinaralti-sirlari/1-sezon/2-bolum',
    positionSeconds: 660,
    updatedAt: '2025-05-19T10:00:00.000Z',
    ...overrides,
  };
}

const SERIES_ENTRY = buildEntry();
const FILM_ENTRY = buildEntry({
  id: 42,
  title: buildTitleCard({ slug: 'buzdan-kopru', kind: 'film', name: 'Buzdan Köprü', posterUrl: '/media/posters/buzdan-kopru.svg' }),
  episode: { id: 9, season: 1, number: 1, name: 'Buzdan Köprü', durationSeconds: 7260 },
  watchPath: '/film/buzdan-kopru/izle',
  positionSeconds: 3723,
});

/** The server: the list, and `remove` for a DELETE. */
function serve(entries: ContinueWatchingEntry[], remove: () => FakeReply | Promise<FakeReply> = () => ({ status: 204 })) {
  return mockFetch((path, init) => {
    if (path === '/api/continue-watching' && init.method === 'GET') return { status: 200, body: { entries } };
    if (init.method === 'DELETE') return remove();
    throw new Error(`unexpected call ${init.method} ${path}`);
  });
}

function renderRow(user: SessionUser | null = buildSessionUser()) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  return renderInRouter(
    <>
      <ContinueWatchingRow />
      <Toaster />
    </>,
    { store },
  );
}

const row = () => screen.findByRole('region', { name: MEMBER_STATE_MESSAGES.continueWatchingHeading });

describe('ContinueWatchingRow', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows each title with its episode, position and progress, linking to the watch page at that position', async () => {
    serve([SERIES_ENTRY, FILM_ENTRY]);
    renderRow();

    const links = within(await row()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dizi/cinaralti-sirlari/1-sezon/2-bolum?t=660',
      '/film/buzdan-kopru/izle?t=3723',
    ]);
    expect(links[0]!.textContent).toBe('Çınaraltı Sırları1. Sezon 2. Bölüm · Kaldığın yer 11:00');
    // A film has no season or episode to name.
    expect(links[1]!.textContent).toBe('Buzdan KöprüKaldığın yer 1:02:03');
    const progress = within(links[0]!).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(progress.getAttribute('aria-valuetext')).toBe('%25 izlendi');
    expect(links[0]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('shows nothing to a visitor and asks the server nothing', async () => {
    const fetchMock = serve([SERIES_ENTRY]);
    renderRow(null);

    await screen.findByText('home page');
    expect(screen.queryByRole('region', { name: MEMBER_STATE_MESSAGES.continueWatchingHeading })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing when there is nothing to continue', async () => {
    const reply = deferredReply();
    mockFetch(() => reply.promise);
    renderRow();
    await screen.findByText('home page');

    await act(async () => reply.resolve({ status: 200, body: { entries: [] } }));

    expect(screen.queryByRole('heading', { name: MEMBER_STATE_MESSAGES.continueWatchingHeading })).toBeNull();
  });

  it('removes an entry with DELETE, its control disabled while the call runs', async () => {
    const reply = deferredReply();
    const fetchMock = serve([SERIES_ENTRY, FILM_ENTRY], () => reply.promise);
    renderRow();
    const remove = within(await row()).getByRole('button', { name: 'Çınaraltı Sırları: listeden kaldır' });

    fireEvent.click(remove);

    expect(remove.hasAttribute('disabled')).toBe(true);
    expect(remove.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith('/api/continue-watching/41', expect.objectContaining({ method: 'DELETE' })));
    await act(async () => reply.resolve({ status: 204 }));

    const links = within(await row()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Buzdan KöprüKaldığın yer 1:02:03']);
  });

  it('keeps the entry and says why when the removal fails', async () => {
    serve([SERIES_ENTRY], () => ({ status: 500, body: { statusCode: 500, message: MESSAGES.serverError } }));
    renderRow();
    const remove = within(await row()).getByRole('button', { name: 'Çınaraltı Sırları: listeden kaldır' });

    fireEvent.click(remove);

    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.serverError);
    // The control is restored once the call has ended, which may be a render after the message shows.
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(false));
    expect(within(await row()).getAllByRole('link')).toHaveLength(1);
  });

  it('drops an entry already removed elsewhere without an error', async () => {
    serve([SERIES_ENTRY], () => ({ status: 404, body: { statusCode: 404, message: MEMBER_STATE_MESSAGES.continueNotFound } }));
    renderRow();

    fireEvent.click(within(await row()).getByRole('button', { name: 'Çınaraltı Sırları: listeden kaldır' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: MEMBER_STATE_MESSAGES.continueWatchingHeading })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
