import { FLOW_MESSAGES, GROUP_MESSAGES } from '@seyirlik/shared-contracts';
import { act, screen } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildFlowPost, noReactions } from '../../../test/flowBuilders';
import type { FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { POST_PAGE_TEXT } from './texts';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

/** The whole app at /gonderi/{id} for a member, the post answered by `postReply`. */
function renderPost(path: string, postReply: () => FakeReply) {
  return renderAppAt(path, (url) => {
    if (url === '/api/auth/session') return { status: 200, body: { user: buildSessionUser(), recaptchaSiteKey: null } };
    if (url === '/api/flow/posts/31') return postReply();
    if (url.startsWith('/api/posts/')) return { status: 200, body: noReactions };
    return { status: 404 };
  });
}

const joinedChannels = () => fakeSocket.emitted.filter(({ event }) => event === 'room.join').map(({ args }) => (args[0] as { room: string }).room);

describe('/gonderi/$id', () => {
  prepareAppRoutes();

  it('shows a group’s post with the way back to its group, its reactions live on the post’s channel', async () => {
    const post = buildFlowPost(31, 'Bu ayın kitabı', { group: { id: 5, slug: 'kitap-kulubu', name: 'Kitap Kulübü', link: '/grup/kitap-kulubu' } });
    renderPost('/gonderi/31', () => ({ status: 200, body: post }));

    expect(await screen.findByText('Bu ayın kitabı')).toBeTruthy();
    expect(screen.getByRole('link', { name: POST_PAGE_TEXT.backToGroup('Kitap Kulübü') }).getAttribute('href')).toBe('/grup/kitap-kulubu');
    act(() => fakeSocket.fire('connect'));
    expect(joinedChannels()).toContain('post:31');
  });

  it('leads back to the flow from a post of the public flow', async () => {
    renderPost('/gonderi/31', () => ({ status: 200, body: buildFlowPost(31, 'Akıştan bir gönderi') }));

    expect(await screen.findByText('Akıştan bir gönderi')).toBeTruthy();
    expect(screen.getByRole('link', { name: POST_PAGE_TEXT.backToFlow }).getAttribute('href')).toBe('/akis');
  });

  it.each([
    [404, FLOW_MESSAGES.postNotFound],
    [403, GROUP_MESSAGES.membersOnlyRead],
  ])('says why a post cannot be shown (%i) in the server’s words', async (status, message) => {
    renderPost('/gonderi/31', () => ({ status, body: { statusCode: status, message } }));

    expect(await screen.findByRole('heading', { level: 1, name: message })).toBeTruthy();
    expect(screen.getByRole('link', { name: POST_PAGE_TEXT.backToFlow })).toBeTruthy();
  });

  it('does not ask the server about an address that cannot be a post', async () => {
    const { fetchMock } = renderPost('/gonderi/abc', () => ({ status: 200, body: buildFlowPost(31, 'Yok') }));

    expect(await screen.findByRole('link', { name: 'Anasayfaya dön' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/flow/posts'))).toEqual([]);
  });
});
