import type { MemberBadge, MemberBadgePage } from '@seyirlik/shared-contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { buildPublicProfile } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { ProfilePage } from '../profile/ProfilePage';
import { Toaster } from '../toast/Toaster';

const AWARDED_AT = '2025-05-19T10:00:00.000Z';
const badgePage = (badges: MemberBadge['badge'][], page: number, hasMore: boolean): MemberBadgePage => ({
  badges: badges.map((badge) => ({ badge, awardedAt: AWARDED_AT })),
  page,
  hasMore,
  total: 8,
});

function renderProfile(path = '/profile/ayse#rozetler') {
  return renderInRouter(
    <>
      <ProfilePage profile={buildPublicProfile()} />
      <Toaster />
    </>,
    { path },
  );
}

describe('MemberBadgesPane', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('opens on the badges tab from the address and lists each badge’s icon, name, description and date', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: badgePage(['first-comment'], 1, false) }));
    renderProfile();

    const list = await screen.findByRole('list', { name: 'Rozetler' });
    const item = within(list).getByRole('listitem');

    expect(screen.getByRole('tab', { name: 'Rozetler' }).getAttribute('aria-selected')).toBe('true');
    expect(within(item).getByRole('heading', { name: 'İlk Yorum' })).toBeTruthy();
    expect(item.textContent).toContain('💬');
    expect(item.textContent).toContain('İlk yorumunuzu yazdınız.');
    expect(within(item).getByText('19 Mayıs 2025 tarihinde kazanıldı').getAttribute('datetime')).toBe(AWARDED_AT);
    expect(screen.queryByRole('button', { name: 'Daha fazla rozet yükle' })).toBeNull();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/users/ayse/badges?page=1']);
  });

  it('loads the next page with a click, and the button goes at the end', async () => {
    const fetchMock = mockFetch((path) => ({
      status: 200,
      body: path.endsWith('page=1') ? badgePage(['first-room', 'first-message'], 1, true) : badgePage(['first-comment'], 2, false),
    }));
    renderProfile();

    fireEvent.click(await screen.findByRole('button', { name: 'Daha fazla rozet yükle' }));

    expect(await screen.findByRole('heading', { name: 'İlk Yorum' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Rozetler' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Daha fazla rozet yükle' })).toBeNull();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/users/ayse/badges?page=1', '/api/users/ayse/badges?page=2']);
  });

  it('shows why a page failed to load and removes the button (seed §8)', async () => {
    mockFetch((path) =>
      path.endsWith('page=1') ? { status: 200, body: badgePage(['first-room'], 1, true) } : { status: 503, body: { statusCode: 503, message: 'Sunucuya şu an ulaşılamıyor.' } },
    );
    renderProfile();

    fireEvent.click(await screen.findByRole('button', { name: 'Daha fazla rozet yükle' }));

    expect(await within(screen.getByRole('region', { name: 'Bildirimler' })).findByText('Sunucuya şu an ulaşılamıyor.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Daha fazla rozet yükle' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Rozetler' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so when the member has no badges yet', async () => {
    mockFetch(() => ({ status: 200, body: { badges: [], page: 1, hasMore: false, total: 0 } }));
    renderProfile('/profile/ayse');

    fireEvent.click(await screen.findByRole('tab', { name: 'Rozetler' }));

    expect(await screen.findByText('Henüz rozet kazanılmadı.')).toBeTruthy();
  });
});
