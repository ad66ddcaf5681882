import { GROUP_MESSAGES as M, GROUP_RULES, MESSAGES, type GroupList, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { deferredReply, type FakeServer } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildGroupCard, buildGroupView } from './groupBuilders';
import { GROUP_TEXT } from './texts';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const list = (groups: GroupList['groups'], page = 1, hasMore = false): GroupList => ({ groups, page, hasMore });

/** The whole app at /gruplar for `user` (a member by default), the groups answered by `groups`. */
function renderGroups(groups: FakeServer, user: SessionUser | null = buildSessionUser()) {
  return renderAppAt('/gruplar', (url, init) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url.startsWith('/api/groups')) return groups(url, init);
    return { status: 404 };
  });
}

const groupCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/groups?'));
const sent = (fetchMock: jest.Mock, url: string) => fetchMock.mock.calls.find(([called]) => called === url)?.[1] as RequestInit | undefined;

describe('/gruplar', () => {
  prepareAppRoutes();

  it('lists the groups with their visibility, member count and the viewer’s membership, each linking to its page', async () => {
    renderGroups(() => ({
      status: 200,
      body: list([buildGroupCard(2, 'Dizi Kurdu', { member: true, memberCount: 40 }), buildGroupCard(1, 'Gizemli Filmler', { visibility: 'closed' })]),
    }));

    const cards = await screen.findAllByRole('link', { name: /Dizi Kurdu|Gizemli Filmler/ });
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/grup/grup-2', '/grup/grup-1']);
    expect(within(cards[0]!).getByText(M.member)).toBeTruthy();
    expect(within(cards[0]!).getByText(M.memberCount(40))).toBeTruthy();
    expect(within(cards[1]!).getByText(M.visibility.closed)).toBeTruthy();
    expect(within(cards[1]!).queryByText(M.member)).toBeNull();
  });

  it('searches once typing pauses, sending the text as q, keeps the list shown (marked busy) until the answer, and says when nothing matches', async () => {
    const searched = deferredReply();
    const { fetchMock } = renderGroups((url) => (url.includes('q=') ? searched.promise : { status: 200, body: list([buildGroupCard(1, 'Dizi Kurdu')]) }));
    await screen.findByText('Dizi Kurdu');
    const shown = screen.getByRole('list', { name: GROUP_TEXT.listLabel });
    expect(shown.getAttribute('aria-busy')).toBe('false');

    fireEvent.change(screen.getByRole('searchbox', { name: GROUP_TEXT.searchLabel }), { target: { value: ' kitap ' } });
    expect(groupCalls(fetchMock)).toEqual(['/api/groups?page=1']);

    await waitFor(() => expect(groupCalls(fetchMock)).toEqual(['/api/groups?page=1', '/api/groups?page=1&q=kitap']));
    await waitFor(() => expect(shown.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('link', { name: /Dizi Kurdu/ })).toBeTruthy();
    expect(screen.queryByText(M.noMatch)).toBeNull();

    await act(async () => searched.resolve({ status: 200, body: list([]) }));
    expect(await screen.findByText(M.noMatch)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Dizi Kurdu/ })).toBeNull();
  });

  it('switches to the member’s own groups, and offers no such tab to a visitor', async () => {
    const { fetchMock } = renderGroups((url) => ({ status: 200, body: url.includes('mine=1') ? list([]) : list([buildGroupCard(1, 'Dizi Kurdu')]) }));
    await screen.findByText('Dizi Kurdu');

    fireEvent.click(screen.getByRole('button', { name: M.mine }));

    expect(await screen.findByText(GROUP_TEXT.noMine)).toBeTruthy();
    expect(groupCalls(fetchMock)).toEqual(['/api/groups?page=1', '/api/groups?page=1&mine=1']);
    expect(screen.getByRole('button', { name: M.mine }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no tabs to a visitor, and asks a visitor to log in before creating a group', async () => {
    renderGroups(() => ({ status: 200, body: list([]) }), null);
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.mine })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: M.create }));

    const login = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(within(login).getByText(GROUP_TEXT.loginToCreate)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: M.createTitle })).toBeNull();
  });

  it('shows a failed "load more" with its error and removes the button (seed §8)', async () => {
    renderGroups((url) =>
      url === '/api/groups?page=2'
        ? { status: 503, body: { statusCode: 503, message: MESSAGES.serviceUnavailable } }
        : { status: 200, body: list([buildGroupCard(1, 'Dizi Kurdu')], 1, true) },
    );
    fireEvent.click(await screen.findByRole('button', { name: M.loadMore }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.serviceUnavailable);
    expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull();
    expect(screen.getByText('Dizi Kurdu')).toBeTruthy();
  });

  describe('the create modal', () => {
    beforeAll(() => {
      // jsdom makes no object URLs; a preview only needs one to show.
      URL.createObjectURL = () => 'blob:poster';
      URL.revokeObjectURL = () => undefined;
    });

    async function openCreate(groups: FakeServer) {
      const view = renderGroups((url, init) => (url.startsWith('/api/groups?') ? { status: 200, body: list([]) } : groups(url, init)));
      fireEvent.click(await screen.findByRole('button', { name: M.create }));
      return { ...view, dialog: await screen.findByRole('dialog', { name: M.createTitle }) };
    }

    const fill = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

    it('refuses a group without a name and a description in the shared messages, sending nothing', async () => {
      const { fetchMock, dialog } = await openCreate(() => ({ status: 500 }));

      fireEvent.click(within(dialog).getByRole('button', { name: M.create }));

      expect(await within(dialog).findByText(M.nameRequired)).toBeTruthy();
      expect(within(dialog).getByText(M.descriptionRequired)).toBeTruthy();
      expect(sent(fetchMock, '/api/groups')).toBeUndefined();
    });

    it('shows the server’s refusal in the form and stays open', async () => {
      const { dialog } = await openCreate(() => ({ status: 429, body: { statusCode: 429, message: MESSAGES.tooManyRequests } }));
      fill(dialog, M.name, 'Kitap Kulübü');
      fill(dialog, M.description, 'Romanlar ve dizileri.');

      fireEvent.click(within(dialog).getByRole('button', { name: M.create }));

      expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.tooManyRequests);
      expect(screen.getByRole('dialog', { name: M.createTitle })).toBe(dialog);
    });

    it('sends the seed’s fields, bursts confetti and goes to the new group after 1.2 s', async () => {
      const created = buildGroupView({ role: 'owner', member: true });
      const { fetchMock, dialog } = await openCreate((url) => {
        if (url === '/api/groups') return { status: 201, body: { group: created, message: M.created, link: created.link } };
        if (url === '/api/groups/kitap-kulubu') return { status: 200, body: created };
        return { status: 200, body: { posts: [], page: 1, hasMore: false } };
      });
      fill(dialog, M.name, 'Kitap Kulübü');
      fill(dialog, M.description, 'Romanlar ve dizileri.');
      fill(dialog, 'Instagram', '@kitapkulubu');
      fireEvent.click(within(dialog).getByRole('checkbox', { name: new RegExp(M.privacyLabel) }));
      const poster = new File(['poster'], 'poster.png', { type: 'image/png' });
      fireEvent.change(within(dialog).getByLabelText(M.poster), { target: { files: [poster] } });
      expect(within(dialog).getByRole('img', { name: GROUP_TEXT.imagePreview }).getAttribute('src')).toBe('blob:poster');
      jest.useFakeTimers();

      try {
        fireEvent.click(within(dialog).getByRole('button', { name: M.create }));
        expect(await within(dialog).findByText(M.created)).toBeTruthy();

        const body = sent(fetchMock, '/api/groups')?.body as FormData;
        expect(body.get('groupName')).toBe('Kitap Kulübü');
        expect(body.get('groupDesc')).toBe('Romanlar ve dizileri.');
        expect(body.get('privacy')).toBe('1');
        expect(body.get('private')).toBeNull();
        expect(body.get('ig')).toBe('kitapkulubu');
        expect(body.get('poster')).toBeInstanceOf(File);
        expect(body.get('cover')).toBeNull();
        expect(document.querySelectorAll('.confetti .confetti__piece').length).toBeGreaterThan(0);

        act(() => jest.advanceTimersByTime(GROUP_RULES.createRedirectMs - 1));
        expect(screen.queryByRole('heading', { level: 1, name: created.name })).toBeNull();

        act(() => jest.advanceTimersByTime(1));
        expect(await screen.findByRole('heading', { level: 1, name: created.name })).toBeTruthy();

        act(() => jest.advanceTimersByTime(GROUP_RULES.confettiMs));
        await waitFor(() => expect(document.querySelector('.confetti')).toBeNull());
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
