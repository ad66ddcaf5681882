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
