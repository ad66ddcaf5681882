import { appShellStatus } from './app-route-status';

describe('appShellStatus', () => {
  it.each(['/', '/giris-yap', '/kesfet/W10=', '/dizi/cinaralti-sirlari/1-sezon/2-bolum', '/film/buzdan-kopru/izle', '/oda/Abc123Def456', '/tartismalar/'])(
    'answers 200 for the client page %s',
    (path) => {
      expect(appShellStatus(path)).toBe(200);
    },
  );

  it('answers 200 for a known kind of page with a name the catalog may not have: the page says it found nothing', () => {
    expect(appShellStatus('/dizi/boyle-bir-dizi-yok')).toBe(200);
  });

  it.each(['/yok-boyle-bir-sayfa', '/wp-login.php/x', '/sss/ek', '/dizi', '/dizi/x/1-sezon', '/profile/'])('answers 404 for the unknown address %s', (path) => {
    expect(appShellStatus(path)).toBe(404);
  });
});
