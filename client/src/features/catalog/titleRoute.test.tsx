import { CATALOG_MESSAGES, MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import { deferredReply, type FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildTitleCard, buildTitleDetail } from '../../../test/builders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

/** The whole app at `path`, with a fake server answering the session and the title. */
function renderApp(path: string, titleReply: () => FakeReply | Promise<FakeReply>) {
  return renderAppAt(path, (url) =>
    url === '/api/auth/session' ? { status: 200, body: { user: null, recaptchaSiteKey: null } } : titleReply(),
  ).fetchMock;
}

describe('title routes', () => {
  prepareAppRoutes();

  it.each([
    ['dizi', '/dizi/cinaralti-sirlari'],
    ['anime', '/anime/bulut-postacisi'],
    ['film', '/film/buzdan-kopru'],
  ] as const)('loads a %s by its kind and slug', async (kind, path) => {
    const slug = path.split('/')[2]!;
    const fetchMock = renderApp(path, () => ({
      status: 200,
      body: buildTitleDetail({ kind, slug, name: 'Yapım' }),
    }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Yapım' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/titles/${kind}/${slug}`,
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it("shows the title page's skeleton while the title loads, then the title in its place", async () => {
    const reply = deferredReply();
    renderApp('/dizi/cinaralti-sirlari', () => reply.promise);

    const skeleton = await within(await screen.findByRole('main')).findByRole('status');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toBe('Yükleniyor...');
    expect(skeleton.querySelector('.title-page__hero .title-page__poster')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    reply.resolve({ status: 200, body: buildTitleDetail() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Çınaraltı Sırları' })).toBeTruthy();
    // The page's skeleton is gone (the comments below say "Yükleniyor..." while they load, as they always have).
    expect(within(screen.getByRole('main')).queryByRole('status', { busy: true })).toBeNull();
  });

  it("reads a title ahead when the pointer rests on its card, and the click that follows reads nothing again", async () => {
    const titlePath = '/api/titles/dizi/cinaralti-sirlari';
    const { fetchMock } = renderAppAt('/', (url) => {
      if (url === '/api/auth/session') return { status: 200, body: { user: null, recaptchaSiteKey: null } };
      if (url === '/api/titles?limit=12') return { status: 200, body: { titles: [buildTitleCard()] } };
      if (url === titlePath) return { status: 200, body: buildTitleDetail() };
      return { status: 404, body: { statusCode: 404, message: 'Bulunamadı' } };
    });
    const newTitles = await screen.findByRole('region', { name: 'Yeni eklenenler' });
    const card = await within(newTitles).findByRole('link', { name: /Çınaraltı Sırları/ });
    const titleReads = () => fetchMock.mock.calls.filter(([url]) => url === titlePath).length;

    fireEvent.mouseEnter(card);
    await waitFor(() => expect(titleReads()).toBe(1));
    fireEvent.click(card);

    expect(await screen.findByRole('heading', { level: 1, name: 'Çınaraltı Sırları' })).toBeTruthy();
    expect(titleReads()).toBe(1);
  });

  it('says that an unknown title does not exist', async () => {
    renderApp('/dizi/boyle-bir-dizi-yok', () => ({
      status: 404,
      body: { statusCode: 404, message: CATALOG_MESSAGES.titleNotFound },
    }));

    expect(
      await screen.findByRole('heading', { name: CATALOG_MESSAGES.titleNotFound }),
    ).toBeTruthy();
  });

  it('shows the server error in Turkish and loads again on request', async () => {
    // React and the router report the caught error on the console; here it is expected.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let reply: FakeReply = { status: 500, body: { statusCode: 500, message: MESSAGES.serverError } };
    renderApp('/dizi/cinaralti-sirlari', () => reply);

    expect(
      await screen.findByRole('heading', { name: 'Sayfa yüklenirken bir sorun oluştu.' }),
    ).toBeTruthy();

    reply = { status: 200, body: buildTitleDetail() };
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Çınaraltı Sırları' }),
    ).toBeTruthy();
  });
});
