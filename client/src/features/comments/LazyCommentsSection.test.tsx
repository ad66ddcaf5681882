import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildThread, buildCommentPage } from '../../../test/commentBuilders';
import { FakeSocket } from '../../../test/FakeSocket';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { LazyCommentsSection, titlePageTarget } from './LazyCommentsSection';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const TITLE = { kind: 'dizi', slug: 'cinaralti-sirlari' } as const;

/** A title page's comments for a visitor, their list answered by the fake server. */
function renderComments() {
  mockFetch((path) =>
    path.startsWith('/api/titles/dizi/cinaralti-sirlari/comments')
      ? { status: 200, body: buildCommentPage([buildThread(9, { text: 'Harika bir bölüm' })]) }
      : { status: 404, body: { statusCode: 404, message: 'Bulunamadı' } },
  );
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null });
  return renderInRouter(<LazyCommentsSection target={titlePageTarget(TITLE)} />, { store });
}

const section = () => screen.getByRole('region', { name: /Yorumlar/ });

describe('LazyCommentsSection', () => {
  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("stands as the section's frame while the comments' code loads, then shows the comments in its place", async () => {
    const { container } = renderComments();

    // The frame: the heading, the order switch's and the login line's places, "Yükleniyor...".
    expect((await screen.findByRole('region', { name: /Yorumlar/ })).classList.contains('comments--placeholder')).toBe(true);
    expect(within(section()).getByRole('heading', { level: 2 }).textContent).toBe('Yorumlar');
    expect(within(section()).getByRole('status').textContent).toBe('Yükleniyor...');
    expect(section().querySelector('.comments-placeholder__order.skeleton')).not.toBeNull();
    expect(section().querySelector('.comments-placeholder__entry.skeleton')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'En yeni' })).toBeNull();

    expect(await screen.findByText('Harika bir bölüm')).toBeTruthy();
    expect(container.querySelectorAll('section.comments')).toHaveLength(1);
    expect(section().classList.contains('comments--placeholder')).toBe(false);
    expect(within(section()).getByRole('button', { name: 'En yeni' })).toBeTruthy();
    expect(within(section()).getByText('Yorum yazmak, beğenmek ve yanıtlamak için giriş yapmalısınız.')).toBeTruthy();
  });
});
