import { MESSAGES } from '../platform/messages';

/** The badges' Turkish texts: the award's notification, the server's answers and the profile's list. */
export const BADGE_MESSAGES = {
  /** The notification of an award. */
  awarded: (name: string) => `Yeni bir rozet kazandınız: ${name}`,
  // Answers
  pageInvalid: 'Sayfa numarası geçersiz.',
  meInvalid: 'Kimin rozetlerinin listeleneceği geçersiz.',
  usernameRequired: 'Rozetleri listelenecek üye belirtilmedi.',
  /** Seed §8: the end of a list. */
  noMore: MESSAGES.noMoreContent,
  // Screens
  tab: 'Rozetler',
  heading: 'Rozetler',
  empty: 'Henüz rozet kazanılmadı.',
  loadMore: 'Daha fazla rozet yükle',
  awardedAt: (date: string) => `${date} tarihinde kazanıldı`,
} as const;
