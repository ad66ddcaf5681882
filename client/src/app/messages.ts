import { ACCOUNT_RULES, LIMITS } from '@seyirlik/shared-contracts';

/**
 * Every text the client shows that shared-contracts does not already hold.
 * Texts the server also says (validation, errors) live in shared-contracts' MESSAGES.
 */
export const TEXT = {
  siteName: 'Seyirlik',
  siteDescription: 'Dizi, film ve animeleri keşfetmenin, izlemenin ve birlikte konuşmanın adresi.',
  skipToContent: 'İçeriğe geç',
  login: 'Giriş Yap',
  register: 'Kayıt Ol',
  logout: 'Çıkış Yap',
  myProfile: 'Profilim',
  accountMenuLabel: 'Hesap menüsü',
  loading: 'Yükleniyor...',
  closeDialog: 'Pencereyi kapat',
  retry: 'Tekrar dene',
  routeError: 'Sayfa yüklenirken bir sorun oluştu.',
  /** Labels of the account fields, alike in every form and on the profile. */
  fields: {
    usernameOrEmail: 'Kullanıcı adı veya e-posta',
    username: 'Kullanıcı adı',
    emailAddress: 'E-posta adresi',
    password: 'Şifre',
    passwordAgain: 'Şifre (tekrar)',
    currentPassword: 'Mevcut şifre',
    newPassword: 'Yeni şifre',
    newPasswordAgain: 'Yeni şifre (tekrar)',
    profileName: 'Profil adı',
    about: 'Hakkımda',
    country: 'Ülke',
  },
  session: {
    ended: 'Oturumunuz sonlandı.',
  },
  auth: {
    remember: 'Beni hatırla',
    forgotPasswordLink: 'Şifremi unuttum',
    noAccount: 'Hesabın yok mu?',
    haveAccount: 'Zaten üye misin?',
    loginIntro: 'Yorum yapmak, koleksiyon oluşturmak ve toplulukla konuşmak için giriş yap.',
    registerIntro: 'Birkaç saniyede üye ol; izlediklerini takip et, toplulukla konuş.',
    forgotPasswordTitle: 'Şifremi Unuttum',
    forgotPasswordIntro:
      'Üyeliğinin e-posta adresini yaz; şifreni yenilemen için bir bağlantı gönderelim.',
    sendResetLink: 'Bağlantı Gönder',
    backToLogin: 'Giriş sayfasına dön',
    resetPasswordTitle: 'Yeni Şifre Belirle',
    resetPasswordIntro: 'Hesabın için yeni bir şifre belirle.',
    saveNewPassword: 'Şifreyi Kaydet',
    redirectingHome: 'Anasayfaya yönlendiriliyorsunuz...',
  },
  profile: {
    joinedAt: (date: string) => `${date} tarihinde katıldı`,
    tabsLabel: 'Profil sekmeleri',
    aboutTab: 'Hakkında',
    noAbout: 'Bu üye henüz kendisi hakkında bir şey yazmamış.',
    socialLabel: 'Sosyal medya',
    editProfile: 'Profili düzenle',
  },
  settings: {
    title: 'Ayarlar',
    tabsLabel: 'Ayar sekmeleri',
    profileTab: 'Profil Bilgileri',
    passwordTab: 'Şifre',
    socialTab: 'Sosyal Medya',
    avatarTab: 'Profil Resmi',
    socialHint: 'Kullanıcı adını ya da profil adresini yaz; üç alan da doldurulmalıdır.',
    save: 'Kaydet',
    chooseImage: 'Resim seç',
    avatarHint: `JPEG, PNG, WebP veya GIF; en fazla ${ACCOUNT_RULES.avatarMaxBytes / (1024 * 1024)} MB. Resim kare olarak kırpılır.`,
    upload: 'Yükle',
    uploading: (percent: number) => `Yükleniyor: %${percent}`,
    preview: 'Önizleme',
    loadFailed: 'Hesap bilgileriniz yüklenemedi.',
  },
  /** Names of the social networks a member can link (§3 User info). */
  social: {
    facebook: 'Facebook',
    twitter: 'X (Twitter)',
    instagram: 'Instagram',
  },
  ageGate: {
    title: '18+ İçerik',
  },
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
