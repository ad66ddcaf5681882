import { DISCUSSION_MESSAGES as M, type SessionUser } from '@seyirlik/shared-contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { buildCommentPage, buildThread } from '../../../test/commentBuilders';
import { FakeSocket } from '../../../test/FakeSocket';
import type { FakeServer } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildDiscussionView, discussionList } from './discussionBuilders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const AUTHOR = buildSessionUser({ id: 1, username: 'zeynep', profileName: 'Zeynep Kara' });
const repliesPage = buildCommentPage([buildThread(30, { titleId: null, discussionId: 9, text: 'Katılıyorum' })], { room: 'content:discussion-9', target: { type: 5, id: 9 } });

function renderTopic(server: FakeServer, user: SessionUser | null = AUTHOR) {
  return renderAppAt('/tartismalar/9', (url, init) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url.startsWith('/api/discussions/9/comments')) return { status: 200, body: repliesPage };
    if (url.startsWith('/api/discussions')) return server(url, init);
    return { status: 404 };
  });
}

const called = (fetchMock: jest.Mock, url: string, method: string) =>
  fetchMock.mock.calls.find(([sent, init]) => sent === url && (init as RequestInit).method === method)?.[1] as RequestInit | undefined;

describe('/tartismalar/$id', () => {
  prepareAppRoutes();

  it('shows the topic with its category, bound title, author, safe text and its replies, offering a visitor no edit', async () => {
    renderTopic(() => ({ status: 200, body: buildDiscussionView({ text: 'Bakın https://ornek.com\n<b>kalın değil</b>' }) }), null);

    expect(await screen.findByRole('heading', { level: 1, name: 'Final bölümü nasıldı?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Çınaraltı Sırları' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari');
    expect(screen.getByRole('link', { name: 'https://ornek.com' }).getAttribute('rel')).toBe('nofollow noopener noreferrer ugc');
    expect(screen.getByText('<b>kalın değil</b>', { exact: false })).toBeTruthy();
    expect(await screen.findByText('Katılıyorum')).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.edit })).toBeNull();
  });

  it('lets its author edit it in the post edit modal, refusing a missing title with "Eksik değerler var !"', async () => {
    const topic = buildDiscussionView({ mine: true });
    const { fetchMock } = renderTopic((_url, init) =>
      init.method === 'PATCH' ? { status: 200, body: { discussion: { ...topic, title: 'Yeni başlık', editedAt: '2026-11-02T09:00:00.000Z' }, message: M.updated } } : { status: 200, body: topic },
    );
    fireEvent.click(await screen.findByRole('button', { name: M.edit }));
    const dialog = await screen.findByRole('dialog', { name: M.editTitle });
    const title = within(dialog).getByLabelText(M.titleLabel);

    fireEvent.change(title, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await within(dialog).findByText('Eksik değerler var !')).toBeTruthy();
    expect(called(fetchMock, '/api/discussions/9', 'PATCH')).toBeUndefined();

    fireEvent.change(title, { target: { value: 'Yeni başlık' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Yeni başlık' })).toBeTruthy();
    expect(JSON.parse(String(called(fetchMock, '/api/discussions/9', 'PATCH')!.body))).toEqual({ title: 'Yeni başlık', text: topic.text, category: 'diziler', seriesId: 3 });
  });

  it('deletes it after confirmation and goes back to the list', async () => {
    const { fetchMock } = renderTopic((url, init) => {
      if (init.method === 'DELETE') return { status: 200, body: { message: M.deleted, go: '/tartismalar' } };
      if (url.startsWith('/api/discussions?')) return { status: 200, body: discussionList([]) };
      return { status: 200, body: buildDiscussionView({ mine: true }) };
    });
    fireEvent.click(await screen.findByRole('button', { name: M.delete }));
    const confirm = await screen.findByRole('dialog', { name: M.delete });
    expect(within(confirm).getByText(M.deleteConfirm)).toBeTruthy();
    expect(called(fetchMock, '/api/discussions/9', 'DELETE')).toBeUndefined();

    fireEvent.click(within(confirm).getByRole('button', { name: M.delete }));

    expect(await screen.findByRole('heading', { level: 1, name: M.listTitle })).toBeTruthy();
    expect(called(fetchMock, '/api/discussions/9', 'DELETE')).toBeDefined();
  });
});
