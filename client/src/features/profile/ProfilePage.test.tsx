import { fireEvent, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { buildPublicProfile, buildSessionUser } from '../../../test/builders';
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
});
