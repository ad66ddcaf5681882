/**
 * Every text the specification quotes, verbatim, plus the platform's own errors.
 * Server replies and client screens import them from here, so both sides say the same thing.
 */
export const MESSAGES = {
  // §5 validation
  commentLimitReached: 'Maksimum karakter sayısına ulaştınız.',
  requiredFieldsTopic: 'Lütfen gerekli alanları doldurunuz !',
  missingValues: 'Eksik değerler var !',
  requiredFieldsProfile: 'Lütfen gerekli alanları boş bırakmayınız !',
  contactAllFields: 'Lütfen tüm alanları doldurunuz.',
  requiredFieldsCollection: 'Lütfen gerekli alanları doldurunuz.',
  pollMinTwoAnswers: 'En az iki adet cevap girmelisiniz.',
  pollDuplicateAnswers: 'Birden fazla aynı cevap olamaz.',
  confirmGroupDelete: 'Grubu silmek istediğinize emin misiniz ?',
  // §8 fixed texts
  noMoreContent: 'Listelenecek içerik kalmadı !',
  noMoreComments: 'Listelenecek yorum kalmadı !',
  noMoreRequests: 'Gösterilecek içerik kalmadı.',
  emptyVideoSource: 'hash yok',
  collectionSearchEmpty: 'Listelenecek içerik bulunamadı',
  requestPending: 'İsteğiniz alınıyor.',
  // Pre-roll ads (§4)
  skipAd: 'Reklamı Geç',
  // Notify toggle (§4)
  notifyMe: 'Haber ver',
  stopNotifying: 'Haber verme',
  // Collection item (§4)
  collectionAdd: 'Ekle',
  collectionAdded: 'Eklendi',
  // Platform errors
  unknownServiceType: 'Geçersiz istek türü.',
  missingServiceType: 'İstek türü belirtilmedi.',
  malformedBody: 'İstek gövdesi okunamadı.',
  bodyTooLarge: 'İstek çok büyük.',
  invalidInput: 'Gönderilen bilgiler geçersiz.',
  forbiddenOrigin: 'Bu istek başka bir siteden geldiği için reddedildi.',
  forbidden: 'Bu işlem için yetkiniz yok.',
  notFound: 'Aradığınız sayfa bulunamadı.',
  serverError: 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyiniz.',
  loginRequired: 'Bu işlem için giriş yapmalısınız.',
  tooManyRequests: 'Çok fazla istek gönderdiniz. Lütfen biraz bekleyip tekrar deneyiniz.',
  serviceUnavailable: 'Hizmet şu anda kullanılamıyor.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
