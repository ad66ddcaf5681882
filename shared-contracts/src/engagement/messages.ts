import { MESSAGES } from '../platform/messages';

/** The Turkish answers of `getList`, `addClap` and `actionData`. */
export const ENGAGEMENT_MESSAGES = {
  listInvalid: 'Geçersiz liste türü.',
  filterInvalid: 'Geçersiz içerik türü.',
  listEmpty: 'Bu listede henüz içerik yok.',
  clapEpisodeInvalid: 'Hangi bölümü alkışladığınız belirtilmedi.',
  clapped: 'Bölümü alkışladınız.',
  alreadyClapped: 'Bu bölümü zaten alkışladınız.',
  issueInvalid: 'Lütfen bildirmek istediğiniz sorunu seçiniz.',
  statusInvalid: 'Videonun durumu geçersiz.',
  /** Seed §8: an empty video source. */
  sourceMissing: MESSAGES.emptyVideoSource,
  issueReported: 'Bildiriminiz için teşekkür ederiz. Sorunu en kısa sürede inceleyeceğiz.',
  issueAlreadyReported: 'Bu sorunu bu kaynak için zaten bildirdiniz.',
  clapCount: (count: number) => `${count.toLocaleString('tr-TR')} alkış`,
  positionAt: (minutes: number) => `${minutes.toLocaleString('tr-TR')}. dakikada kaldınız`,
} as const;
