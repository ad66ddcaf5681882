import { CATALOG_MESSAGES, MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import type { FakeReply } from '../../../test/mockFetch';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import { buildTitleDetail } from '../../../test/builders';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({
  getSocket: () => fakeSocket,
  reconnectSocket: jest.fn(),
}));

/** The whole app at `path`, with a fake server answering the session and the title. */
function renderApp(path: string, titleReply: () => FakeReply) {
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
