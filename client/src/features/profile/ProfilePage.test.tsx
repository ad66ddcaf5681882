import type { MemberComment } from '@seyirlik/shared-contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildPublicProfile, buildSessionUser } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { ProfilePage } from './ProfilePage';

const HOSTILE_NAME = '<img src=x onerror="alert(1)">';
const HOSTILE_ABOUT = '<script>alert("xss")</script> & <b>kalın</b>';

function renderProfile(
  profile = buildPublicProfile(),
  viewer: ReturnType<typeof buildSessionUser> | null = null,
) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: viewer, recaptchaSiteKey: null });
  return renderInRouter(<ProfilePage profile={profile} />, {
    path: `/profile/${profile.username}`,
    store,
  });
}

describe('ProfilePage', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("renders the member's own words as text, never as markup", async () => {
    const { container } = renderProfile(
      buildPublicProfile({
        profileName: HOSTILE_NAME,
        about: HOSTILE_ABOUT,
        country: '<i>Türkiye</i>',
      }),
    );

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(HOSTILE_NAME);
    expect(screen.getByRole('tabpanel').textContent).toBe(HOSTILE_ABOUT);
    expect(screen.getByText('<i>Türkiye</i>')).toBeTruthy();
    expect(container.querySelector('script, b, i, img[onerror]')).toBeNull();
  });

  it('shows the username, country, Turkish joined date and the initial avatar', async () => {
    const { container } = renderProfile();

    expect(await screen.findByText('@ayse')).toBeTruthy();
    expect(screen.getByText('Türkiye')).toBeTruthy();
    expect(screen.getByText('19 Mayıs 2025 tarihinde katıldı').getAttribute('datetime')).toBe(
      '2025-05-19T10:00:00.000Z',
    );
    expect(container.querySelector('.avatar')?.textContent).toBe('A');
  });

  it('links the filled-in social profiles in a new tab without giving them this page', async () => {
    renderProfile(
      buildPublicProfile({
        social: { facebook: 'ayse.yilmaz', twitter: 'ayseyilmaz', instagram: null },
      }),
    );

    const facebook = await screen.findByRole('link', { name: /Facebook/ });
    expect(facebook.getAttribute('href')).toBe('https://facebook.com/ayse.yilmaz');
    expect(facebook.getAttribute('target')).toBe('_blank');
    expect(facebook.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /X \(Twitter\)/ }).getAttribute('href')).toBe(
      'https://x.com/ayseyilmaz',
    );
    expect(screen.queryByRole('link', { name: /Instagram/ })).toBeNull();
  });

  it('has the "Hakkında" tab, and says so when the member wrote nothing', async () => {
    renderProfile(buildPublicProfile({ about: '' }));

    const tab = await screen.findByRole('tab', { name: 'Hakkında' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab);
    expect(screen.getByRole('tabpanel').textContent).toBe(
      'Bu üye henüz kendisi hakkında bir şey yazmamış.',
    );
  });

  it('offers the settings only on the visitor’s own profile', async () => {
    const { unmount } = renderProfile(buildPublicProfile(), buildSessionUser({ username: 'Ayse' }));
    expect(
      (await screen.findByRole('link', { name: 'Profili düzenle' })).getAttribute('href'),
    ).toBe('/ayarlar');
    unmount();

    renderProfile(buildPublicProfile(), buildSessionUser({ username: 'mehmet' }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Profili düzenle' })).toBeNull();
  });

  it('lists the member’s comments in the "Yorumlar" tab, each linking to where it was written, spoilers veiled', async () => {
    const comment = (id: number, overrides: Partial<MemberComment> = {}): MemberComment => ({
      id,
      isReply: false,
      text: `yorum ${id}`,
      spoiler: false,
      likeCount: 2,
      createdAt: '2025-05-19T10:00:00.000Z',
      title: { kind: 'dizi', slug: 'cinaralti-sirlari', name: 'Çınaraltı Sırları' },
      episode: null,
      link: `/dizi/cinaralti-sirlari#yorum-${id}`,
      ...overrides,
    });
    const fetchMock = mockFetch((path) =>
      path.endsWith('cursor=8')
        ? { status: 200, body: { comments: [comment(3, { text: '<b>eski</b> :tada:' })], nextCursor: null } }
        : {
            status: 200,
            body: {
              comments: [
                comment(9, { isReply: true, spoiler: true, text: 'Sonunda ölüyor', episode: { season: 1, number: 2 }, link: '/dizi/cinaralti-sirlari/1-sezon/2-bolum#yorum-9' }),
                comment(8),
              ],
              nextCursor: '8',
            },
          },
    );
    renderProfile();

    fireEvent.click(await screen.findByRole('tab', { name: 'Yorumlar' }));
    const pane = screen.getByRole('tabpanel');
    const where = await within(pane).findByRole('link', { name: 'Çınaraltı Sırları · 1. Sezon 2. Bölüm' });
    expect(where.getAttribute('href')).toBe('/dizi/cinaralti-sirlari/1-sezon/2-bolum#yorum-9');
    expect(within(pane).getByText('Yanıt')).toBeTruthy();
    expect(within(pane).queryByText('Sonunda ölüyor')).toBeNull();
    fireEvent.click(within(pane).getByRole('button', { name: 'Bu yorum spoiler içeriyor. Görmek için tıklayın.' }));
    expect(within(pane).getByText('Sonunda ölüyor')).toBeTruthy();

    fireEvent.click(within(pane).getByRole('button', { name: 'Daha fazla yorum göster' }));

    expect(await within(pane).findByText('<b>eski</b> 🎉')).toBeTruthy();
    expect(within(pane).queryByRole('button', { name: 'Daha fazla yorum göster' })).toBeNull();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/users/ayse/comments', '/api/users/ayse/comments?cursor=8']);
  });

  it('says so when the member has written no comments', async () => {
    mockFetch(() => ({ status: 200, body: { comments: [], nextCursor: null } }));
    renderProfile();

    fireEvent.click(await screen.findByRole('tab', { name: 'Yorumlar' }));

    expect(await screen.findByText('Bu üye henüz yorum yazmamış.')).toBeTruthy();
  });
});
