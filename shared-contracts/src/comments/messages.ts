import { MESSAGES } from '../platform/messages';
import type { CommentReportReason } from './rules';
import { COMMENT_RULES } from './rules';

/**
 * The comments' Turkish texts: the server's answers, and the words the legacy `theme` fragments
 * and the client's comment blocks both show.
 */
export const COMMENT_MESSAGES = {
  textRequired: 'Lütfen yorumunuzu yazınız.',
  markupNotAllowed: 'HTML etiketi ve betik kullanılamaz; lütfen düz metin yazınız.',
  textTooLong: `Yorum en fazla ${COMMENT_RULES.maxLength} karakter uzunluğunda olabilir.`,
  /** Seed §5: the counter at the limit. */
  limitReached: MESSAGES.commentLimitReached,
  typeInvalid: 'Geçersiz yorum türü.',
  targetNotFound: 'Yorum yapılacak içerik bulunamadı.',
  commentIdInvalid: 'Hangi yorum olduğu belirtilmedi.',
  commentNotFound: 'Yorum bulunamadı.',
  parentRequired: 'Yanıtlanacak yorum belirtilmedi.',
  parentNotFound: 'Yanıtlanacak yorum bulunamadı.',
  parentElsewhere: 'Yanıtlanan yorum bu sayfaya ait değil.',
  parentDeleted: 'Silinmiş bir yoruma yanıt yazılamaz.',
  spoilerInvalid: 'Spoiler seçimi geçersiz.',
  orderInvalid: 'Sıralama geçersiz.',
  cursorInvalid: 'Sayfa bilgisi geçersiz.',
  actionInvalid: 'Geçersiz işlem.',
  deleteForbidden: 'Yalnızca kendi yorumlarınızı silebilirsiniz.',
  reportSubjectInvalid: 'Bildirilecek içerik türü geçersiz.',
  reasonInvalid: 'Lütfen bir bildirim nedeni seçiniz.',
  descriptionRequired: 'Lütfen sorunu kısaca açıklayınız.',
  descriptionTooLong: `Açıklama en fazla ${COMMENT_RULES.reportDescriptionMaxLength} karakter olabilir.`,
  reportOwn: 'Kendi yorumunuzu bildiremezsiniz.',
  reportDuplicate: 'Bu yorumu zaten bildirdiniz; bildiriminiz inceleniyor.',
  commentAdded: 'Yorumunuz eklendi.',
  replyAdded: 'Yanıtınız eklendi.',
  commentDeleted: 'Yorumunuz silindi.',
  reportReceived: 'Bildiriminiz alındı, teşekkür ederiz.',
  /** Seed §8: the end of a comment list; the load button goes. */
  noMoreComments: MESSAGES.noMoreComments,
  // Words on the comment blocks
  deletedComment: 'Silinmiş yorum',
  spoilerHidden: 'Bu yorum spoiler içeriyor. Görmek için tıklayın.',
  like: 'Beğen',
  reply: 'Yanıtla',
  delete: 'Sil',
  report: 'Bildir',
} as const;

/** How the report modal names each reason. */
export const COMMENT_REPORT_REASON_LABELS: Record<CommentReportReason, string> = {
  spoiler: 'Spoiler içeriyor',
  abuse: 'Hakaret, küfür veya nefret söylemi',
  spam: 'Reklam veya spam',
  other: 'Diğer',
};

/** The timed comments' Turkish texts: the server's answers and the lane's words. */
export const TIMED_COMMENT_MESSAGES = {
  positionInvalid: 'Yorumun saniyesi geçersiz; saniye 0 veya daha büyük bir tam sayı olmalıdır.',
  positionPastEnd: 'Yorumun saniyesi bölümün süresini aşamaz.',
  windowInvalid: 'İstenen zaman aralığı geçersiz.',
  afterInvalid: 'Devam bilgisi geçersiz.',
  episodeNotFound: 'Zamanlı yorum yapılacak bölüm bulunamadı.',
  // Words on the lane
  lane: 'Zamanlı yorumlar',
  laneEmpty: 'Bu ana kadar zamanlı yorum yok.',
  overVideo: 'Videonun üzerinde göster',
  source: 'Gösterilen',
  sourceComments: 'Bölümün zamanlı yorumları',
  sourceRoom: (roomTitle: string) => `Oda sohbeti: ${roomTitle}`,
  composerLabel: 'Zamanlı yorumunuz',
  composerPlaceholder: 'Bu ana dair bir şey yazın…',
  pinHere: 'Bu saniyeye yorum ekle',
  pinAt: (time: string) => `${time} anına eklenecek`,
  added: 'Yorumunuz bu saniyeye eklendi.',
  heatStrip: 'En çok yorum yapılan anlar',
  membersOnly: 'Zamanlı yorum eklemek için giriş yapınız.',
} as const;
