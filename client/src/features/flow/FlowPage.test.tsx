import { FLOW_MESSAGES as M, MESSAGES } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildFlowPage, buildFlowPost, noReactions } from '../../../test/flowBuilders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { FlowPage } from './FlowPage';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

/** The flow page for a visitor (no composer), over the fake server `serve`. */
function renderFlow() {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: null, recaptchaSiteKey: null });
  return renderInRouter(<FlowPage startPage={1} />, { store });
}

describe('FlowPage', () => {
  it('shows a failed "load more" with its error and removes the button (seed §8)', async () => {
    mockFetch((path) => {
      if (path === '/api/flow?page=1') return { status: 200, body: buildFlowPage([buildFlowPost(12, 'İlk sayfa')], 1, true) };
      if (path === '/api/flow?page=2') return { status: 503, body: { statusCode: 503, message: MESSAGES.serviceUnavailable } };
      return { status: 200, body: noReactions };
    });
    renderFlow();
    expect(await screen.findByText('İlk sayfa')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: M.loadMore }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.serviceUnavailable);
    expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull();
    expect(screen.getByText('İlk sayfa')).toBeTruthy();
  });

  it('counts pushed posts in the "N yeni gönderi" bar instead of inserting them, and shows them on a click', async () => {
    mockFetch((path) => (path === '/api/flow?page=1' ? { status: 200, body: buildFlowPage([buildFlowPost(12, 'Eski gönderi')], 1, false) } : { status: 200, body: noReactions }));
    renderFlow();
    expect(await screen.findByText('Eski gönderi')).toBeTruthy();
    act(() => fakeSocket.fire('connect'));

    act(() => fakeSocket.fire('flow.postCreated', buildFlowPost(13, 'Yeni <b>gönderi</b>\nikinci satır')));
    act(() => fakeSocket.fire('flow.postCreated', buildFlowPost(14, 'Daha yeni')));
    act(() => fakeSocket.fire('flow.postCreated', buildFlowPost(14, 'Daha yeni')));

    const bar = screen.getByRole('button', { name: M.newPosts(2) });
    expect(screen.queryByText('Daha yeni')).toBeNull();

    act(() => fakeSocket.fire('flow.postDeleted', { id: 14 }));
    expect(screen.getByRole('button', { name: M.newPosts(1) })).toBe(bar);
    fireEvent.click(bar);

    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();
    const texts = [...document.querySelectorAll('.flow-post__text')].map((text) => text.textContent);
    expect(texts).toEqual(['Yeni <b>gönderi</b>\nikinci satır', 'Eski gönderi']);
  });

  it('keeps a photo processed before the post’s own creation push arrived, which carries an older read', async () => {
    mockFetch((path) => (path === '/api/flow?page=1' ? { status: 200, body: buildFlowPage([buildFlowPost(12, 'Eski gönderi')], 1, false) } : { status: 200, body: noReactions }));
    renderFlow();
    expect(await screen.findByText('Eski gönderi')).toBeTruthy();
    act(() => fakeSocket.fire('connect'));
    const pending = buildFlowPost(13, 'İki fotoğraf', {
      images: [
        { id: 5, url: null, width: null, height: null },
        { id: 6, url: null, width: null, height: null },
      ],
    });
    const processed = (id: number) => ({ id, url: `/media/foto-${id}.webp`, width: 800, height: 600 });

    act(() => fakeSocket.fire('flow.postChanged', { ...pending, images: [processed(5), pending.images[1]!] }));
    act(() => fakeSocket.fire('flow.postChanged', { ...pending, images: [processed(5), processed(6)] }));
    act(() => fakeSocket.fire('flow.postCreated', pending));
    fireEvent.click(screen.getByRole('button', { name: M.newPosts(1) }));

    expect(document.querySelector('img[src="/media/foto-5.webp"]')).not.toBeNull();
    expect(document.querySelector('img[src="/media/foto-6.webp"]')).not.toBeNull();
    expect(screen.queryByRole('img', { name: M.photoProcessing })).toBeNull();
  });

  it('applies a pushed change to a listed post: a processed photo replaces its placeholder', async () => {
    const pending = buildFlowPost(12, 'Fotoğraflı', { images: [{ id: 5, url: null, width: null, height: null }] });
    mockFetch((path) => (path === '/api/flow?page=1' ? { status: 200, body: buildFlowPage([pending], 1, false) } : { status: 200, body: noReactions }));
    renderFlow();
    expect(await screen.findByRole('img', { name: M.photoProcessing })).toBeTruthy();

    act(() => fakeSocket.fire('flow.postChanged', { ...pending, images: [{ id: 5, url: '/media/foto.webp', width: 800, height: 600 }] }));

    expect(screen.queryByRole('img', { name: M.photoProcessing })).toBeNull();
    expect(document.querySelector('img[src="/media/foto.webp"]')).not.toBeNull();
  });
});
