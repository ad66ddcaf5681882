import type { SkipSegmentKind } from './rules';
import { SKIP_SEGMENT_RULES } from './rules';

/** The skip markings' Turkish texts: the server's answers and the player's and panel's words. */
export const SKIP_SEGMENT_MESSAGES = {
  kindInvalid: 'Lütfen işaretlenecek bölümü seçiniz: giriş, özet veya jenerik.',
  startInvalid: 'Başlangıç, 0 ya da daha büyük bir saniye olmalıdır.',
  endInvalid: 'Bitiş, 0 ya da daha büyük bir saniye olmalıdır.',
  endBeforeStart: 'Bitiş, başlangıçtan sonra olmalıdır.',
  pastEpisodeEnd: (durationSeconds: number) => `Bölüm ${durationSeconds} saniye sürüyor; işaretleme bölümün sonunu (${durationSeconds}. saniye) geçemez.`,
  tooLong: (durationSeconds: number) =>
    `Bir işaretleme bölümün üçte birinden (${Math.floor(durationSeconds / SKIP_SEGMENT_RULES.maxShareDivisor)} saniye) uzun olamaz.`,
  overlap: 'Bu kaynakta aynı türden bir işaretleme bu aralıkla çakışıyor; lütfen onu onaylayın ya da reddedin.',
  embedSource: 'Harici oynatıcılı kaynaklarda bölüm işaretlenemez.',
  segmentNotFound: 'İşaretleme bulunamadı.',
  voteInvalid: 'Lütfen onaylayın ya da reddedin.',
  alreadyConfirmed: 'Bu işaretlemeyi zaten onayladınız.',
  alreadyRejected: 'Bu işaretlemeyi zaten reddettiniz.',
  marked: 'İşaretlemeniz kaydedildi; sizin için hemen geçerli, topluluk onaylayınca herkes için geçerli olacak.',
  // The player and the panel
  skip: { intro: 'Girişi atla', recap: 'Özeti atla', credits: 'Sonraki bölüm' } satisfies Record<SkipSegmentKind, string>,
  /** The credits' button when no episode follows: it skips to the end. */
  skipCreditsToEnd: 'Jeneriği atla',
  kindLabels: { intro: 'Giriş', recap: 'Özet', credits: 'Jenerik' } satisfies Record<SkipSegmentKind, string>,
  panelHeading: 'Bölüm işaretle',
  panelIntro: `Giriş, özet ya da jeneriği işaretleyin; ${SKIP_SEGMENT_RULES.agreementMargin} onay (sizinki dahil) reddedenlerden fazla olunca herkes için atlanabilir olur.`,
  kind: 'Tür',
  start: 'Başlangıç (saniye)',
  end: 'Bitiş (saniye)',
  now: 'Şu an',
  submit: 'İşaretle',
  pendingHeading: 'Onay bekleyen işaretlemeler',
  noPending: 'Onay bekleyen işaretleme yok.',
  needed: (count: number) => `${count} onay daha gerekli`,
  counts: (confirmations: number, rejections: number) => `${confirmations} onay, ${rejections} ret`,
  yours: 'Sizin işaretlemeniz (sizin için şimdiden geçerli)',
  confirm: 'Onayla',
  reject: 'Reddet',
  confirmed: 'Onayladınız',
  rejected: 'Reddettiniz',
  autoSkip: 'Giriş ve özetleri otomatik atla',
  membersOnly: 'İşaretlemek ve oylamak için giriş yapınız.',
} as const;
