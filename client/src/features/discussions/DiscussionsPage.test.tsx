import { DISCUSSION_CATEGORY_NAMES, DISCUSSION_MESSAGES as M, DISCUSSION_RULES, type SessionUser } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { buildCommentPage } from '../../../test/commentBuilders';
import { FakeSocket } from '../../../test/FakeSocket';
import type { FakeServer } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildDiscussionCard, buildDiscussionView, discussionList } from './discussionBuilders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

function renderForum(path: string, server: FakeServer, user: SessionUser | null = buildSessionUser()) {
  return renderAppAt(path, (url, init) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url.startsWith('/api/discussions')) return server(url, init);
    return { status: 404 };
  });
}

const listCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/discussions?'));
const sent = (fetchMock: jest.Mock, url: string, method: string) =>
  fetchMock.mock.calls.find(([called, init]) => called === url && (init as RequestInit).method === method)?.[1] as RequestInit | undefined;

describe('/tartismalar', () => {
  prepareAppRoutes();

  it('lists topics with their category, bound title, author and replies, each linking to its page', async () => {
    renderForum('/tartismalar', () => ({ status: 200, body: discussionList([buildDiscussionCard(2, 'Final bölümü'), buildDiscussionCard(1, 'Genel sohbet', { category: 'genel', series: null })]) }));

    const titles = await screen.findAllByRole('link', { name: /Final bölümü|Genel sohbet/ });
    expect(titles.map((link) => link.getAttribute('href'))).toEqual(['/tartismalar/2', '/tartismalar/1']);
    const list = screen.getByRole('list', { name: M.listTitle });
    expect(within(list).getByRole('link', { name: 'Çınaraltı Sırları' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari');
    expect(within(list).getAllByText(M.replies(4))).toHaveLength(2);
    expect(within(list).getByText(DISCUSSION_CATEGORY_NAMES.genel)).toBeTruthy();
  });

  it('filters by category, orders by activity and searches once typing pauses', async () => {
    const { fetchMock } = renderForum('/tartismalar', (url) => ({ status: 200, body: discussionList(url.includes('q=') ? [] : [buildDiscussionCard(1, 'Konu')]) }));
    await screen.findByText('Konu');

    fireEvent.click(screen.getByRole('button', { name: DISCUSSION_CATEGORY_NAMES.anime }));
    await waitFor(() => expect(listCalls(fetchMock)).toContain('/api/discussions?order=newest&page=1&category=anime'));
    fireEvent.click(screen.getByRole('button', { name: M.orderActive }));
    await waitFor(() => expect(listCalls(fetchMock)).toContain('/api/discussions?order=active&page=1&category=anime'));
    fireEvent.change(screen.getByRole('searchbox', { name: M.searchLabel }), { target: { value: ' final ' } });

    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)).toBe('/api/discussions?order=active&page=1&category=anime&q=final');
  });

  it('asks a visitor to log in before opening a topic', async () => {
    renderForum('/tartismalar', () => ({ status: 200, body: discussionList([]) }), null);
    fireEvent.click(await screen.findByRole('button', { name: M.newTopic }));

    const login = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(within(login).getByText(M.loginToOpen)).toBeTruthy();
  });

  it('asks a visitor who came from a title’s page to log in, showing no form', async () => {
    renderForum('/tartismalar?icerik=dizi/cinaralti-sirlari', () => ({ status: 200, body: discussionList([]) }), null);

    const login = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(within(login).getByText(M.loginToOpen)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: M.formTitle })).toBeNull();
  });

  describe('the new-topic form', () => {
    const fill = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

    it('answers the seed’s text when a field is missing, sending nothing', async () => {
      const { fetchMock } = renderForum('/tartismalar', () => ({ status: 200, body: discussionList([]) }));
      fireEvent.click(await screen.findByRole('button', { name: M.newTopic }));
      const dialog = await screen.findByRole('dialog', { name: M.formTitle });
      fill(dialog, M.textLabel, 'Metin var, başlık yok.');

      fireEvent.click(within(dialog).getByRole('button', { name: M.submit }));

      expect(await within(dialog).findByText('Lütfen gerekli alanları doldurunuz !')).toBeTruthy();
      expect(sent(fetchMock, '/api/discussions', 'POST')).toBeUndefined();
    });

    it('opens the topic and goes to it after 1.5 s', async () => {
      const created = buildDiscussionView({ id: 12, link: '/tartismalar/12', title: 'Yeni sezon', category: 'anime', series: null, mine: true, replyCount: 0 });
      const { fetchMock } = renderForum('/tartismalar', (url, init) => {
        if (url === '/api/discussions' && init.method === 'POST') return { status: 201, body: { discussion: created, link: created.link, message: M.created } };
        if (url === '/api/discussions/12') return { status: 200, body: created };
        if (url.startsWith('/api/discussions/12/comments')) return { status: 200, body: buildCommentPage([], { room: 'content:discussion-12', target: { type: 5, id: 12 } }) };
        return { status: 200, body: discussionList([]) };
      });
      fireEvent.click(await screen.findByRole('button', { name: M.newTopic }));
      const dialog = await screen.findByRole('dialog', { name: M.formTitle });
      fill(dialog, M.titleLabel, 'Yeni sezon');
      fill(dialog, M.textLabel, 'Ne dersiniz?');
      fireEvent.change(within(dialog).getByLabelText(M.categoryLabel), { target: { value: 'anime' } });
      jest.useFakeTimers();

      try {
        fireEvent.click(within(dialog).getByRole('button', { name: M.submit }));
        expect(await within(dialog).findByText(M.created)).toBeTruthy();
        expect(JSON.parse(String(sent(fetchMock, '/api/discussions', 'POST')!.body))).toEqual({ title: 'Yeni sezon', text: 'Ne dersiniz?', category: 'anime' });

        act(() => jest.advanceTimersByTime(DISCUSSION_RULES.createRedirectMs - 1));
        expect(screen.queryByRole('heading', { level: 1, name: 'Yeni sezon' })).toBeNull();
        act(() => jest.advanceTimersByTime(1));
        expect(await screen.findByRole('heading', { level: 1, name: 'Yeni sezon' })).toBeTruthy();
      } finally {
        jest.useRealTimers();
      }
    });

    it('opens bound to the title whose page it came from, needing no category', async () => {
      const series = { id: 3, kind: 'dizi' as const, slug: 'cinaralti-sirlari', name: 'Çınaraltı Sırları', link: '/dizi/cinaralti-sirlari' };
      const { fetchMock } = renderForum('/tartismalar?icerik=dizi/cinaralti-sirlari', (url, init) => {
        if (url === '/api/discussions/series/dizi/cinaralti-sirlari') return { status: 200, body: series };
        if (url === '/api/discussions' && init.method === 'POST') return { status: 429, body: { statusCode: 429, message: 'Çok fazla istek gönderdiniz.' } };
        return { status: 200, body: discussionList([]) };
      });
      const dialog = await screen.findByRole('dialog', { name: M.formTitle });
      expect(within(dialog).getByText('Çınaraltı Sırları')).toBeTruthy();
      fill(dialog, M.titleLabel, 'Final');
      fill(dialog, M.textLabel, 'Konuşalım.');

      fireEvent.click(within(dialog).getByRole('button', { name: M.submit }));

      expect((await within(dialog).findByRole('alert')).textContent).toBe('Çok fazla istek gönderdiniz.');
      expect(JSON.parse(String(sent(fetchMock, '/api/discussions', 'POST')!.body))).toEqual({ title: 'Final', text: 'Konuşalım.', seriesId: 3 });
    });
  });
});
