import { SEND_KEY_PATTERN, type CommentPage, type WatchData } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { setImmediate as afterPendingWork } from 'node:timers';
import { buildSessionUser } from '../../../test/builders';
import { buildComment, buildCommentPage, buildThread } from '../../../test/commentBuilders';
import { FakeSocket } from '../../../test/FakeSocket';
import { deferredReply, mockFetch, sentBody, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';
import type { CommentTarget } from './commentsApi';
import { CommentsSection, titlePageTarget, watchPageTarget } from './CommentsSection';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const EPISODE_ID = 55;
const EPISODE = { id: EPISODE_ID, season: 1, number: 2, path: '/dizi/cinaralti-sirlari/1-sezon/2-bolum' };
const ON_EPISODE: CommentTarget = { kind: 'episode', episodeId: EPISODE_ID };
const ON_TITLE: CommentTarget = { kind: 'title', titleKind: 'dizi', slug: 'cinaralti-sirlari' };
const MEMBER = buildSessionUser({ id: 7, username: 'mehmet', profileName: 'Mehmet' });
const UNWATCHED_VEIL = 'Bu yorum henüz izlemediğiniz 1. Sezon 2. Bölüm hakkında. Görmek için tıklayın.';

const episodePage = (threads: CommentPage['threads'], overrides: Partial<CommentPage> = {}) =>
  buildCommentPage(threads, { room: `content:episode-${EPISODE_ID}`, target: { type: 2, id: EPISODE_ID }, ...overrides });

type Route = (path: string, init: RequestInit) => FakeReply | undefined;

/** A fake server answering the listed routes in order of declaration; anything else is a 404. */
function serve(...routes: Route[]) {
  return mockFetch((path, init) => {
    for (const route of routes) {
      const reply = route(path, init);
      if (reply) return reply;
    }
    return { status: 404, body: { statusCode: 404, message: 'yok' } };
  });
}

const get = (prefix: string, ...pages: CommentPage[]): Route => {
  let served = 0;
  return (path, init) => {
    if ((init.method ?? 'GET') !== 'GET' || !path.startsWith(prefix)) return undefined;
    const page = pages[Math.min(served, pages.length - 1)]!;
    served += 1;
    return { status: 200, body: page };
  };
};

const on = (method: string, path: string, reply: FakeReply): Route => (sent, init) => (init.method === method && sent === path ? reply : undefined);

function renderSection(target: CommentTarget, { user = null as typeof MEMBER | null, watchedEpisodeIds }: { user?: typeof MEMBER | null; watchedEpisodeIds?: number[] } = {}) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  return renderInRouter(
    <>
      <CommentsSection target={target} watchedEpisodeIds={watchedEpisodeIds} />
      <Toaster />
    </>,
    { store },
  );
}

/** The server agrees to the page's latest room join; the catch-up read it starts is answered too. */
async function acceptJoin() {
  const join = fakeSocket.emitted.filter((sent) => sent.event === 'room.join').at(-1)!;
  await act(async () => {
    join.ack!({ ok: true });
    await new Promise((resolve) => afterPendingWork(resolve));
  });
  return join.args[0];
}

/** The JSON body of the first `method` call to `path`. */
function sentTo(fetchMock: jest.Mock, method: string, path: string): unknown {
  const index = fetchMock.mock.calls.findIndex(([sent, init]) => sent === path && (init as RequestInit).method === method);
  return index === -1 ? undefined : sentBody(fetchMock, index);
}

const comments = () => screen.getByRole('region', { name: /Yorumlar/ });
const commentTexts = () => Array.from(comments().querySelectorAll('.comment__text, .comment__deleted'), (element) => element.textContent);

describe('CommentsSection', () => {
  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
    jest.useFakeTimers({ now: new Date('2025-05-19T12:00:00.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('lists the episode’s threads with emoji, veils a spoiler until clicked, and asks a visitor to log in', async () => {
    serve(
      get(
        `/api/episodes/${EPISODE_ID}/comments`,
        episodePage([
          buildThread(9, { text: 'Final :fire: a<b & "c"', episode: EPISODE }, [buildComment(10, { parentId: 9, text: 'Katılıyorum :+1:', episode: EPISODE })]),
          buildThread(8, { text: 'Katil bahçıvan', spoiler: true, episode: EPISODE }),
        ]),
      ),
    );
    renderSection(ON_EPISODE);

    expect(await screen.findByText('Final 🔥 a<b & "c"')).toBeTruthy();
    expect(screen.getByText('Katılıyorum 👍')).toBeTruthy();
    expect(screen.queryByText('Katil bahçıvan')).toBeNull();
    expect(screen.getByText('2 yorum')).toBeTruthy();
    expect(screen.getAllByText('1 dakika önce')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Bu yorum spoiler içeriyor. Görmek için tıklayın.' }));

    expect(screen.getByText('Katil bahçıvan')).toBeTruthy();
    expect(screen.getByText('Yorum yazmak, beğenmek ve yanıtlamak için giriş yapmalısınız.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('Canlı')).toBeNull();
    expect(await acceptJoin()).toEqual({ room: `content:episode-${EPISODE_ID}` });
    expect(screen.getByText('Canlı')).toBeTruthy();
  });

  it('merges what is pushed to its room: new comments and replies of its page only, newer like counts, deletions', async () => {
    serve(get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([buildThread(9, { episode: EPISODE, likeCount: 2, likesVersion: 2 })])));
    renderSection(ON_EPISODE);
    await screen.findByText('yorum 9');
    await acceptJoin();

    act(() => fakeSocket.fire('comment.created', buildComment(12, { episode: { ...EPISODE, id: 56 } })));
    act(() => fakeSocket.fire('comment.created', buildComment(11, { episode: EPISODE, text: 'Canlı geldi' })));
    act(() => fakeSocket.fire('comment.created', buildComment(11, { episode: EPISODE, text: 'Canlı geldi' })));
    act(() => fakeSocket.fire('comment.created', buildComment(13, { episode: EPISODE, parentId: 9, text: 'Canlı yanıt' })));
    expect(commentTexts()).toEqual(['Canlı geldi', 'yorum 9', 'Canlı yanıt']);
    expect(screen.getByText('3 yorum')).toBeTruthy();

    act(() => fakeSocket.fire('comment.likesChanged', { id: 9, likeCount: 4, likesVersion: 4 }));
    act(() => fakeSocket.fire('comment.likesChanged', { id: 9, likeCount: 3, likesVersion: 3 }));
    expect(within(screen.getByText('yorum 9').closest('article')!).getByRole('button', { name: /Beğen/ }).textContent).toBe('♡Beğen4');

    act(() => fakeSocket.fire('comment.deleted', { id: 9, parentId: null, hasReplies: true }));
    expect(commentTexts()).toEqual(['Canlı geldi', 'Silinmiş yorum', 'Canlı yanıt']);
    act(() => fakeSocket.fire('comment.deleted', { id: 13, parentId: 9, hasReplies: false }));
    expect(commentTexts()).toEqual(['Canlı geldi']);
    expect(screen.getByText('1 yorum')).toBeTruthy();
  });

  it('shows a member’s comment once, though its push arrives too', async () => {
    const written = buildComment(20, { episode: EPISODE, author: { id: 7, username: 'mehmet', profileName: 'Mehmet', avatarUrl: null }, text: 'Benim yorumum :joy:', spoiler: true });
    const fetchMock = serve(get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([])), on('POST', `/api/episodes/${EPISODE_ID}/comments`, { status: 201, body: written }));
    renderSection(ON_EPISODE, { user: MEMBER });
    expect(await screen.findByText('Henüz yorum yazılmamış. İlk yorumu siz yazın !')).toBeTruthy();
    await acceptJoin();

    fireEvent.change(screen.getByRole('textbox', { name: 'Yorumunuz' }), { target: { value: 'Benim yorumum 😂' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Spoiler içeriyor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    act(() => fakeSocket.fire('comment.created', written));

    // Sent and answered: the box empties. The member's own spoiler is shown to them, marked.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Yorumunuz' }) as HTMLTextAreaElement).value).toBe(''));
    expect(commentTexts()).toEqual(['Benim yorumum 😂']);
    expect(screen.getAllByText('Spoiler olarak işaretlediniz')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Bu yorum spoiler içeriyor. Görmek için tıklayın.' })).toBeNull();
    expect(sentTo(fetchMock, 'POST', `/api/episodes/${EPISODE_ID}/comments`)).toEqual({
      text: 'Benim yorumum 😂',
      spoiler: true,
      clientKey: expect.stringMatching(SEND_KEY_PATTERN),
    });
    expect(screen.getByText('1 yorum')).toBeTruthy();
    expect(within(comments()).getByRole('button', { name: 'Sil' })).toBeTruthy();
  });

  it('likes through the server and shows what the toggle did', async () => {
    const fetchMock = serve(
      get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([buildThread(9, { episode: EPISODE })])),
      on('POST', '/api/comments/9/like', { status: 200, body: { liked: true, likeCount: 1, likesVersion: 1 } }),
    );
    renderSection(ON_EPISODE, { user: MEMBER });
    const like = await screen.findByRole('button', { name: /Beğen/ });

    fireEvent.click(like);

    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toBe('♥Beğen1');
    expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/comments/9/like');
  });

  it('deletes the member’s own comment after the confirmation', async () => {
    const mine = buildThread(9, { episode: EPISODE, author: { id: 7, username: 'mehmet', profileName: 'Mehmet', avatarUrl: null }, text: 'Silinecek' });
    const fetchMock = serve(get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([mine])), on('DELETE', '/api/comments/9', { status: 204 }));
    renderSection(ON_EPISODE, { user: MEMBER });
    await screen.findByText('Silinecek');

    fireEvent.click(within(comments()).getByRole('button', { name: 'Sil' }));
    const dialog = screen.getByRole('dialog', { name: 'Yorumu sil' });
    expect(within(dialog).getByText('Yorumu silmek istediğinize emin misiniz ?')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, sil' }));

    expect(await screen.findByText('Yorumunuz silindi.')).toBeTruthy();
    expect(screen.queryByText('Silinecek')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports another member’s comment through the report modal, which asks "Diğer" for a description', async () => {
    const fetchMock = serve(
      get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([buildThread(9, { episode: EPISODE })])),
      on('POST', '/api/comments/9/reports', { status: 201, body: { message: 'Bildiriminiz alındı, teşekkür ederiz.' } }),
    );
    renderSection(ON_EPISODE, { user: MEMBER });
    fireEvent.click(await screen.findByRole('button', { name: 'Bildir' }));
    const dialog = screen.getByRole('dialog', { name: 'Yorumu bildir' });

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Diğer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Lütfen sorunu kısaca açıklayınız.');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(within(dialog).getByLabelText('Açıklama'), { target: { value: '<i>Reklam</i> yapıyor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('HTML etiketi ve betik kullanılamaz; lütfen düz metin yazınız.');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(within(dialog).getByLabelText('Açıklama'), { target: { value: 'Reklam & "spam" yapıyor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bildir' }));

    expect(await screen.findByText('Bildiriminiz alındı, teşekkür ederiz.')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST', '/api/comments/9/reports')).toEqual({ reason: 'other', description: 'Reklam & "spam" yapıyor' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('veils a thread on an episode the member has not marked watched on a title page, until clicked', async () => {
    serve(
      get(
        '/api/titles/dizi/cinaralti-sirlari/comments',
        buildCommentPage([buildThread(9, { episode: EPISODE, text: 'Bölümde neler oldu' }), buildThread(8, { text: 'Dizinin geneli' })]),
      ),
    );
    const view = renderSection(ON_TITLE, { watchedEpisodeIds: [] });

    expect(await screen.findByText('Dizinin geneli')).toBeTruthy();
    expect(screen.queryByText('Bölümde neler oldu')).toBeNull();
    const veil = screen.getByRole('button', { name: UNWATCHED_VEIL });

    fireEvent.click(veil);
    expect(screen.getByText('Bölümde neler oldu')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1. Sezon 2. Bölüm' }).getAttribute('href')).toBe(EPISODE.path);

    view.unmount();
    renderSection(ON_TITLE, { watchedEpisodeIds: [EPISODE_ID] });
    expect(await screen.findByText('Bölümde neler oldu')).toBeTruthy();
  });

  it('never hides the member’s own comments from them on a title page: their thread on an unwatched episode, one they replied in, their spoiler', async () => {
    const mine = { id: MEMBER.id, username: MEMBER.username, profileName: MEMBER.profileName, avatarUrl: null };
    serve(
      get(
        '/api/titles/dizi/cinaralti-sirlari/comments',
        buildCommentPage([
          buildThread(12, { episode: EPISODE, text: 'Başkasının bölüm yorumu' }),
          buildThread(11, { episode: EPISODE, text: 'Yanıtladığım yorum' }, [buildComment(13, { parentId: 11, episode: EPISODE, author: mine, text: 'Yanıtım' })]),
          buildThread(10, { episode: EPISODE, author: mine, text: 'Kendi bölüm yorumum', spoiler: true }),
        ]),
      ),
    );
    renderSection(ON_TITLE, { user: MEMBER, watchedEpisodeIds: [] });

    expect(await screen.findByText('Kendi bölüm yorumum')).toBeTruthy();
    expect(commentTexts()).toEqual(['Yanıtladığım yorum', 'Yanıtım', 'Kendi bölüm yorumum']);
    expect(screen.getByText('Spoiler olarak işaretlediniz')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: UNWATCHED_VEIL })).toHaveLength(1);
    expect(screen.queryByText('Başkasının bölüm yorumu')).toBeNull();
  });

  it('loads the next page, then says there are no more comments and removes the button', async () => {
    const fetchMock = serve(
      (path) => (path.includes('cursor=9') ? { status: 200, body: episodePage([buildThread(8, { episode: EPISODE })], { total: 2 }) } : undefined),
      get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([buildThread(9, { episode: EPISODE })], { nextCursor: '9', total: 2 })),
    );
    renderSection(ON_EPISODE);

    fireEvent.click(await screen.findByRole('button', { name: 'Daha fazla yorum göster' }));

    expect(await screen.findByText('Listelenecek yorum kalmadı !')).toBeTruthy();
    expect(commentTexts()).toEqual(['yorum 9', 'yorum 8']);
    expect(screen.queryByRole('button', { name: 'Daha fazla yorum göster' })).toBeNull();
    expect(fetchMock.mock.calls[1]![0]).toBe(`/api/episodes/${EPISODE_ID}/comments?order=newest&cursor=9`);
  });

  it('orders by likes on demand', async () => {
    const fetchMock = serve(get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([buildThread(9, { episode: EPISODE })])));
    renderSection(ON_EPISODE);
    await screen.findByText('yorum 9');

    fireEvent.click(screen.getByRole('button', { name: 'En çok beğenilen' }));

    expect(await screen.findByText('yorum 9')).toBeTruthy();
    expect(fetchMock.mock.calls.at(-1)![0]).toBe(`/api/episodes/${EPISODE_ID}/comments?order=liked`);
    expect(screen.getByRole('button', { name: 'En çok beğenilen' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps what is pushed while another order’s first page is on its way, and shows it on that page', async () => {
    const likedPage = deferredReply();
    const newest = episodePage([buildThread(9, { episode: EPISODE, likeCount: 2, likesVersion: 2 })]);
    mockFetch((path) => (path.endsWith('order=liked') ? likedPage.promise : { status: 200, body: newest }));
    renderSection(ON_EPISODE);
    await screen.findByText('yorum 9');
    await acceptJoin();

    fireEvent.click(screen.getByRole('button', { name: 'En çok beğenilen' }));
    act(() => fakeSocket.fire('comment.created', buildComment(11, { episode: EPISODE, text: 'Yüklenirken geldi' })));
    await act(async () => likedPage.resolve({ status: 200, body: episodePage([buildThread(9, { episode: EPISODE, likeCount: 2, likesVersion: 2 })]) }));

    expect(await screen.findByText('Yüklenirken geldi')).toBeTruthy();
    expect(commentTexts()).toEqual(['yorum 9', 'Yüklenirken geldi']);
    expect(screen.getByText('2 yorum')).toBeTruthy();
    // The room is the page's: another order keeps it joined.
    expect(fakeSocket.emitted.filter((sent) => sent.event === 'room.join' || sent.event === 'room.leave')).toHaveLength(1);
  });

  it('catches up after a reconnect: what changed while the socket was away shows, without duplicates', async () => {
    serve(
      get(
        `/api/episodes/${EPISODE_ID}/comments`,
        episodePage([buildThread(9, { episode: EPISODE })]),
        episodePage([buildThread(9, { episode: EPISODE })]),
        episodePage([buildThread(12, { episode: EPISODE, text: 'Kopukken yazıldı' }), buildThread(9, { episode: EPISODE, likeCount: 5, likesVersion: 5 })], { total: 2 }),
      ),
    );
    renderSection(ON_EPISODE);
    await screen.findByText('yorum 9');
    await acceptJoin();

    act(() => fakeSocket.fire('disconnect', 'transport close'));
    act(() => fakeSocket.fire('connect'));
    await acceptJoin();

    expect(await screen.findByText('Kopukken yazıldı')).toBeTruthy();
    expect(commentTexts()).toEqual(['Kopukken yazıldı', 'yorum 9']);
    expect(within(screen.getByText('yorum 9').closest('article')!).getByRole('button', { name: /Beğen/ }).textContent).toBe('♡Beğen5');
  });

  it('shows why the comments could not be loaded and tries again', async () => {
    let fail = true;
    serve((path) => (fail && path.startsWith('/api/episodes/') ? { status: 500, body: { message: 'Beklenmeyen bir hata oluştu.' } } : undefined), get(`/api/episodes/${EPISODE_ID}/comments`, episodePage([buildThread(9, { episode: EPISODE })])));
    renderSection(ON_EPISODE);

    expect(await screen.findByText('Yorumlar yüklenemedi.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));

    expect(await screen.findByText('yorum 9')).toBeTruthy();
  });

  it('points a series’ watch page at its episode, and a film’s watch page and title page at the film', () => {
    const watchOf = (kind: 'dizi' | 'film') => ({ title: { kind, slug: 'buzdan-kopru' }, episode: { id: 31 } }) as unknown as WatchData;

    expect(watchPageTarget(watchOf('dizi'))).toEqual({ kind: 'episode', episodeId: 31 });
    expect(watchPageTarget(watchOf('film'))).toEqual({ kind: 'title', titleKind: 'film', slug: 'buzdan-kopru' });
    expect(titlePageTarget({ kind: 'film', slug: 'buzdan-kopru' })).toEqual(watchPageTarget(watchOf('film')));
  });
});
