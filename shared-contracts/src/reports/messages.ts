import { COMMENT_MESSAGES } from '../comments/messages';
import type { ContentReportSubject } from './rules';

/** The content reports' Turkish texts; the reasons and their labels are the comments' (COMMENT_REPORT_REASON_LABELS). */
export const CONTENT_REPORT_MESSAGES = {
  subjectInvalid: COMMENT_MESSAGES.reportSubjectInvalid,
  targetIdInvalid: 'Hangi içeriğin bildirildiği belirtilmedi.',
  targetNotFound: 'Bildirilecek içerik bulunamadı.',
  reportOwn: 'Kendi içeriğinizi bildiremezsiniz.',
  reportDuplicate: 'Bu içeriği zaten bildirdiniz; bildiriminiz inceleniyor.',
  reportReceived: COMMENT_MESSAGES.reportReceived,
  report: 'Bildir',
  dialogTitle: { discussion: 'Konuyu bildir', post: 'Gönderiyi bildir' } satisfies Record<ContentReportSubject, string>,
  dialogQuestion: { discussion: 'Bu konuda ne sorun var?', post: 'Bu gönderide ne sorun var?' } satisfies Record<ContentReportSubject, string>,
} as const;
