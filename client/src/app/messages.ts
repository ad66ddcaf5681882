import { LIMITS } from '@seyirlik/shared-contracts';

/**
 * Every text the client shows that shared-contracts does not already hold.
 * Texts the server also says (validation, errors) live in shared-contracts' MESSAGES.
 */
export const TEXT = {
  siteName: 'Seyirlik',
  siteDescription: 'Dizi, film ve animeleri keşfetmenin, izlemenin ve birlikte konuşmanın adresi.',
  skipToContent: 'İçeriğe geç',
  login: 'Giriş Yap',
  navigationLabel: 'Ana menü',
  openMenu: 'Menüyü aç',
  closeMenu: 'Menüyü kapat',
  menuTitle: 'Menü',
  nav: {
    home: 'Anasayfa',
  },
  search: {
    label: 'Dizi, film veya anime ara',
    placeholder: 'Dizi, film veya anime ara...',
    tooShort: `En az ${LIMITS.liveSearchMinLength} karakter giriniz.`,
  },
  home: {
    welcome:
      "Seyirlik'e hoş geldin. Dizileri, filmleri ve animeleri keşfedeceğin, izleyeceğin ve toplulukla konuşacağın yer burası.",
  },
  notFound: {
    code: '404',
    backHome: 'Anasayfaya dön',
  },
  backToTop: 'Yukarı çık',
  closeToast: 'Bildirimi kapat',
  notificationsLabel: 'Bildirimler',
  socket: {
    connected: 'Canlı bağlantı: açık',
    disconnected: 'Canlı bağlantı: kapalı',
    connecting: 'Canlı bağlantı: bağlanıyor',
    lost: 'Canlı bağlantı koptu, yeniden bağlanılıyor.',
    restored: 'Canlı bağlantı yeniden kuruldu.',
  },
  copyright: (year: number) => `© ${year} Seyirlik`,
} as const;
