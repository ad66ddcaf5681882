import { FLOW_MESSAGES, GROUP_MESSAGES as M, GROUP_RULES, type FlowPost, type GroupView, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildFlowPage, buildFlowPost, noReactions } from '../../../test/flowBuilders';
import type { FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildGroupMember, buildGroupView } from './groupBuilders';
import { GROUP_TEXT } from './texts';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const viewer = buildSessionUser({ id: 7, username: 'ayse', profileName: 'Ayşe Yılmaz' });
const inGroup = (post: FlowPost): FlowPost => ({ ...post, group: { id: 5, slug: 'kitap-kulubu', name: 'Kitap Kulübü', link: '/grup/kitap-kulubu' } });

interface GroupServer {
  group: GroupView;
  posts: FlowPost[];
  /** Answers a call the defaults do not. */
  other?: (url: string, init: RequestInit) => FakeReply | undefined;
}

/** The whole app at `path` for `user`, the group's server answering from `server`. */
function renderGroup(server: GroupServer, { path = '/grup/kitap-kulubu', user = viewer }: { path?: string; user?: SessionUser | null } = {}) {
  return renderAppAt(path, (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    const other = server.other?.(url, init);
    if (other) return other;
    if (url === '/api/groups/kitap-kulubu' && method === 'GET') return { status: 200, body: server.group };
    if (url === '/api/groups/5/posts?page=1') return { status: 200, body: buildFlowPage(server.posts, 1, false) };
    if (url === '/api/groups/5/members?page=1') {
      return { status: 200, body: { members: [buildGroupMember(1, 'zeynep', 'owner'), buildGroupMember(8, 'mert')], page: 1, hasMore: false } };
    }
    if (url.startsWith('/api/posts/')) return { status: 200, body: noReactions };
    return { status: 404 };
  });
}

const callsTo = (fetchMock: jest.Mock, prefix: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix)).map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

const joinedChannels = () => fakeSocket.emitted.filter(({ event }) => event === 'room.join').map(({ args }) => (args[0] as { room: string }).room);

describe('/grup/$slug', () => {
  prepareAppRoutes();

  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = false;
  });

  it('shows the group’s header with its outside links, and its posts', async () => {
    renderGroup({ group: buildGroupView(), posts: [inGroup(buildFlowPost(31, 'İlk kitap: Tutunamayanlar'))] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Kitap Kulübü' })).toBeTruthy();
    expect(screen.getByText('Her ay bir roman')).toBeTruthy();
    expect(screen.getByText(M.visibility.open)).toBeTruthy();
    const site = screen.getByRole('link', { name: 'kitapkulubu.example' });
    expect(site.getAttribute('href')).toBe('https://kitapkulubu.example/');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'X (Twitter)' }).getAttribute('href')).toBe('https://x.com/kitapkulubu');
    expect(await screen.findByText('İlk kitap: Tutunamayanlar')).toBeTruthy();
  });

  it('lets a member of the site join an open group and leave it again', async () => {
    const server: GroupServer = {
      group: buildGroupView({ canJoin: true }),
      posts: [],
      other: (url) => {
        if (url === '/api/groups/5/join') return { status: 200, body: { group: buildGroupView({ role: 'member', member: true, memberCount: 13 }), message: M.joined } };
        if (url === '/api/groups/5/leave') return { status: 200, body: { group: buildGroupView({ canJoin: true, memberCount: 12 }), message: M.left } };
        return undefined;
      },
    };
    const { fetchMock } = renderGroup(server);
    expect(await screen.findByText(M.noPosts)).toBeTruthy();
    expect(screen.queryByRole('form', { name: FLOW_MESSAGES.share })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: M.join }));

    expect(await screen.findByRole('button', { name: M.leave })).toBeTruthy();
    expect(screen.getByText(M.memberCount(13))).toBeTruthy();
    expect(screen.getByRole('form', { name: FLOW_MESSAGES.share })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: M.leave }));

    expect(await screen.findByRole('button', { name: M.join })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/groups/5/j').concat(callsTo(fetchMock, '/api/groups/5/l'))).toEqual(['POST /api/groups/5/join', 'POST /api/groups/5/leave']);
  });

  it('tells a non-member of a closed group that the owner adds members, without asking for its posts', async () => {
    const { fetchMock } = renderGroup({ group: buildGroupView({ visibility: 'closed', privacy: true, canRead: false }), posts: [] });

    expect(await screen.findByText(M.closedNotice)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.join })).toBeNull();
    expect(screen.getByText(M.membersOnlyRead)).toBeTruthy();
    act(() => fakeSocket.fire('connect'));
    expect(callsTo(fetchMock, '/api/groups/5/')).toEqual([]);
    expect(joinedChannels()).not.toContain('group:5');
  });

  it('posts from the composer to the group and lists the post at the top', async () => {
    const posted = inGroup(buildFlowPost(40, 'Bu ayın kitabı hangisi?', { author: viewer, mine: true }));
    const { fetchMock } = renderGroup({
      group: buildGroupView({ role: 'member', member: true }),
      posts: [inGroup(buildFlowPost(31, 'Eski gönderi'))],
      other: (url, init) => (url === '/api/groups/5/posts' && init.method === 'POST' ? { status: 201, body: { post: posted, message: FLOW_MESSAGES.posted } } : undefined),
    });
    expect(await screen.findByText('Eski gönderi')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText(FLOW_MESSAGES.composerPlaceholder), { target: { value: 'Bu ayın kitabı hangisi?' } });
    fireEvent.click(screen.getByRole('button', { name: FLOW_MESSAGES.share }));

    await waitFor(() => expect([...document.querySelectorAll('.flow-post__text')].map((text) => text.textContent)).toEqual(['Bu ayın kitabı hangisi?', 'Eski gönderi']));
    const body = fetchMock.mock.calls.find(([url, init]) => url === '/api/groups/5/posts' && (init as RequestInit).method === 'POST')?.[1].body as FormData;
    expect(body.get('text')).toBe('Bu ayın kitabı hangisi?');
    expect(callsTo(fetchMock, '/api/flow')).toEqual([]);
  });

  it('goes live on the group’s channel: new posts wait in the bar, other groups’ posts and changes are kept out', async () => {
    renderGroup({ group: buildGroupView({ role: 'member', member: true }), posts: [inGroup(buildFlowPost(31, 'Eski gönderi'))] });
    expect(await screen.findByText('Eski gönderi')).toBeTruthy();
    act(() => fakeSocket.fire('connect'));
    // The page and its post list share the group's channel: joined once, and the public flow not at all.
    expect(joinedChannels().filter((room) => room === 'group:5' || room === 'flow')).toEqual(['group:5']);

    act(() => fakeSocket.fire('flow.postCreated', inGroup(buildFlowPost(32, 'Yeni gönderi'))));
    act(() => fakeSocket.fire('flow.postCreated', { ...buildFlowPost(33, 'Başka grup'), group: { id: 6, slug: 'baska', name: 'Başka', link: '/grup/baska' } }));

    fireEvent.click(screen.getByRole('button', { name: FLOW_MESSAGES.newPosts(1) }));
    expect([...document.querySelectorAll('.flow-post__text')].map((text) => text.textContent)).toEqual(['Yeni gönderi', 'Eski gönderi']);

    act(() => fakeSocket.fire('group.changed', buildGroupView({ name: 'Roman Kulübü', memberCount: 20, role: null, canJoin: false })));

    expect(screen.getByRole('heading', { level: 1, name: 'Roman Kulübü' })).toBeTruthy();
    expect(screen.getByText(M.memberCount(20))).toBeTruthy();
    // The push is the group as a visitor sees it: the viewer is still a member.
    expect(screen.getByRole('button', { name: M.leave })).toBeTruthy();
  });

  it('leaves for the groups list with a notice when the group is deleted', async () => {
    renderGroup({ group: buildGroupView(), posts: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitap Kulübü' })).toBeTruthy();

    act(() => fakeSocket.fire('group.deleted', { id: 5 }));

    expect(await screen.findByRole('heading', { level: 1, name: M.heading })).toBeTruthy();
    expect(screen.getByText(GROUP_TEXT.groupDeleted)).toBeTruthy();
  });

  it('says a group that is not there (or hidden) is not found, with the way back to the list', async () => {
    renderGroup({ group: buildGroupView(), posts: [], other: (url) => (url === '/api/groups/kitap-kulubu' ? { status: 404, body: { statusCode: 404, message: M.groupNotFound } } : undefined) });

    expect(await screen.findByRole('heading', { level: 1, name: M.groupNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: GROUP_TEXT.backToGroups }).getAttribute('href')).toBe('/gruplar');
  });

  it('lets the owner delete others’ posts and remove members, but not the owner', async () => {
    const { fetchMock } = renderGroup({
      group: buildGroupView({ role: 'owner', member: true, owner: { ...viewer, id: 1 } }),
      posts: [inGroup(buildFlowPost(31, 'Başkasının gönderisi'))],
      other: (url, init) =>
        url === '/api/groups/5/members/8' && init.method === 'DELETE' ? { status: 200, body: { group: buildGroupView({ role: 'owner', memberCount: 11 }), message: M.memberRemoved } } : undefined,
    });
    const post = (await screen.findByText('Başkasının gönderisi')).closest('article')!;
    expect(within(post).getByRole('button', { name: FLOW_MESSAGES.delete })).toBeTruthy();
    expect(within(post).queryByRole('button', { name: FLOW_MESSAGES.edit })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: M.members }));
    expect(await screen.findByText('@mert')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /gruptan çıkar/ }).map((button) => button.getAttribute('aria-label'))).toEqual([GROUP_TEXT.removeMemberLabel('MERT')]);

    fireEvent.click(screen.getByRole('button', { name: GROUP_TEXT.removeMemberLabel('MERT') }));

    expect(await screen.findByText(M.memberRemoved)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/groups/5/members/')).toEqual(['DELETE /api/groups/5/members/8']);
  });

  describe('#manage', () => {
    const owned = () => buildGroupView({ role: 'owner', member: true });

    it('opens the edit modal for the owner', async () => {
      renderGroup({ group: owned(), posts: [] }, { path: '/grup/kitap-kulubu#manage' });
      expect(await screen.findByRole('dialog', { name: M.editTitle })).toBeTruthy();
    });

    it('opens nothing for a member who is not the owner', async () => {
      renderGroup({ group: buildGroupView({ role: 'member', member: true }), posts: [] }, { path: '/grup/kitap-kulubu#manage' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Kitap Kulübü' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: M.editTitle })).toBeNull();
      expect(screen.queryByRole('button', { name: M.manage })).toBeNull();
    });

    it('opens from "Grubu yönet", filled with the group, and closing it clears the address’s hash', async () => {
      const { router } = renderGroup({ group: owned(), posts: [] });
      fireEvent.click(await screen.findByRole('button', { name: M.manage }));

      const dialog = await screen.findByRole('dialog', { name: M.editTitle });
      expect(router.state.location.hash).toBe('manage');
      expect((within(dialog).getByLabelText(M.name) as HTMLInputElement).value).toBe('Kitap Kulübü');
      expect((within(dialog).getByLabelText('X (Twitter)') as HTMLInputElement).value).toBe('kitapkulubu');

      fireEvent.click(within(dialog).getByRole('button', { name: M.cancel }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: M.editTitle })).toBeNull());
      expect(router.state.location.hash).toBe('');
    });

    it('saves all fields, keeping the images unless asked, and closes', async () => {
      const { fetchMock, router } = renderGroup(
        {
          group: owned(),
          posts: [],
          other: (url, init) => (url === '/api/groups/5' && init.method === 'PATCH' ? { status: 200, body: { group: { ...owned(), tagline: 'Yeni slogan' }, message: M.updated } } : undefined),
        },
        { path: '/grup/kitap-kulubu#manage' },
      );
      const dialog = await screen.findByRole('dialog', { name: M.editTitle });
      fireEvent.change(within(dialog).getByLabelText(M.tagline), { target: { value: 'Yeni slogan' } });
      fireEvent.click(within(dialog).getByRole('button', { name: M.save }));

      expect(await screen.findByText('Yeni slogan', { selector: '.group-header__tagline' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: M.editTitle })).toBeNull();
      expect(router.state.location.hash).toBe('');
      const body = fetchMock.mock.calls.find(([url, init]) => url === '/api/groups/5' && (init as RequestInit).method === 'PATCH')?.[1].body as FormData;
      expect([...body.keys()]).toEqual(['groupName', 'groupDesc', 'groupTagline', 'groupWebsite', 'fb', 'tw', 'ig', 'th', 'yt', 'dc']);
      expect(body.get('groupTagline')).toBe('Yeni slogan');
      expect(body.get('tw')).toBe('kitapkulubu');
    });

    it('searches members from 2 characters, 500 ms after the last keystroke, and adds one', async () => {
      const { fetchMock } = renderGroup(
        {
          group: owned(),
          posts: [],
          other: (url, init) => {
            if (url.startsWith('/api/groups/5/member-search')) {
              return {
                status: 200,
                body: {
                  members: [
                    { id: 8, username: 'mert', profileName: 'Mert Kaya', avatarUrl: null, inGroup: false },
                    { id: 9, username: 'merve', profileName: 'Merve Su', avatarUrl: null, inGroup: true },
                  ],
                },
              };
            }
            if (url === '/api/groups/5/members' && init.method === 'POST') return { status: 200, body: { group: { ...owned(), memberCount: 13 }, message: M.memberAdded } };
            return undefined;
          },
        },
        { path: '/grup/kitap-kulubu#manage' },
      );
      const dialog = await screen.findByRole('dialog', { name: M.editTitle });
      const search = within(dialog).getByRole('searchbox', { name: M.memberSearch });
      jest.useFakeTimers();
      try {
        fireEvent.change(search, { target: { value: 'm' } });
        act(() => jest.advanceTimersByTime(GROUP_RULES.memberSearchDebounceMs));
        expect(within(dialog).getByText(M.queryTooShort)).toBeTruthy();

        fireEvent.change(search, { target: { value: 'me' } });
        act(() => jest.advanceTimersByTime(GROUP_RULES.memberSearchDebounceMs - 100));
        fireEvent.change(search, { target: { value: 'mer' } });
        act(() => jest.advanceTimersByTime(GROUP_RULES.memberSearchDebounceMs - 1));
        expect(callsTo(fetchMock, '/api/groups/5/member-search')).toEqual([]);

        act(() => jest.advanceTimersByTime(1));
        expect(await within(dialog).findByText('Mert Kaya')).toBeTruthy();
      } finally {
        jest.useRealTimers();
      }
      expect(callsTo(fetchMock, '/api/groups/5/member-search')).toEqual(['GET /api/groups/5/member-search?q=mer']);
      const merve = within(dialog).getByText('Merve Su').closest('li')!;
      expect(within(merve).getByText(M.added)).toBeTruthy();
      expect(within(merve).queryByRole('button')).toBeNull();

      fireEvent.click(within(dialog).getByRole('button', { name: GROUP_TEXT.addMemberLabel('Mert Kaya') }));

      const mert = within(dialog).getByText('Mert Kaya').closest('li')!;
      expect(await within(mert).findByText(M.added)).toBeTruthy();
      const added = fetchMock.mock.calls.find(([url, init]) => url === '/api/groups/5/members' && (init as RequestInit).method === 'POST')?.[1] as RequestInit;
      expect(JSON.parse(String(added.body))).toEqual({ username: 'mert' });
      expect(screen.getByText(M.memberCount(13))).toBeTruthy();
    });

    it('deletes the group after asking the seed’s question, then goes where the server says', async () => {
      const { fetchMock } = renderGroup(
        {
          group: owned(),
          posts: [],
          other: (url, init) => {
            if (url === '/api/groups/5' && init.method === 'DELETE') return { status: 200, body: { message: M.deleted, go: '/gruplar' } };
            if (url.startsWith('/api/groups?')) return { status: 200, body: { groups: [], page: 1, hasMore: false } };
            return undefined;
          },
        },
        { path: '/grup/kitap-kulubu#manage' },
      );
      const dialog = await screen.findByRole('dialog', { name: M.editTitle });
      fireEvent.click(within(dialog).getByRole('button', { name: M.delete }));

      const confirm = await screen.findByRole('dialog', { name: M.delete });
      expect(within(confirm).getByText('Grubu silmek istediğinize emin misiniz ?')).toBeTruthy();
      expect(callsTo(fetchMock, '/api/groups/5')).not.toContain('DELETE /api/groups/5');

      fireEvent.click(within(confirm).getByRole('button', { name: M.delete }));

      expect(await screen.findByRole('heading', { level: 1, name: M.heading })).toBeTruthy();
      expect(callsTo(fetchMock, '/api/groups/5')).toContain('DELETE /api/groups/5');
      expect(screen.getByText(M.deleted)).toBeTruthy();
    });
  });
});
