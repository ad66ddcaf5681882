import { ACCOUNT_MESSAGES } from '../accounts/messages';
import { MESSAGES } from '../platform/messages';
import { CONTACT_RULES as R } from './rules';

/** The contact form's Turkish texts: the server's answers and the words of the page. */
export const CONTACT_MESSAGES = {
  /** Seed §5: every field is required. */
  allFields: MESSAGES.contactAllFields,
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  nameTooLong: `Adınız en fazla ${R.nameMaxLength} karakter olabilir.`,
  subjectTooLong: `Konu en fazla ${R.subjectMaxLength} karakter olabilir.`,
  messageTooLong: `Mesajınız en fazla ${R.messageMaxLength} karakter olabilir.`,
  sent: 'Mesajınız bize ulaştı. En kısa sürede size dönüş yapacağız.',
  // Words on the page
  heading: 'İletişim',
  intro: 'Sorularınızı, önerilerinizi ve yaşadığınız sorunları bize yazabilirsiniz.',
  name: 'Adınız',
  email: 'E-posta adresiniz',
  subject: 'Konu',
  message: 'Mesajınız',
  send: 'Gönder',
  sendAnother: 'Yeni bir mesaj yazın',
  link: 'İletişim',
} as const;

/** The pricing page's Turkish texts. */
export const PRICING_MESSAGES = {
  heading: 'Fiyatlandırma',
  intro: 'Size uygun planı seçin; dilediğiniz zaman değiştirebilirsiniz.',
  periodLabel: 'Ödeme dönemi',
  monthly: 'Aylık',
  annual: 'Yıllık',
  perMonth: '/ ay',
  perYear: '/ yıl',
  free: 'Ücretsiz',
  highlighted: 'En çok tercih edilen',
  choose: 'Planı seçin',
  annualSaving: (percent: number) => `Yıllık ödemede %${percent} tasarruf edersiniz.`,
  link: 'Fiyatlandırma',
} as const;

/** The FAQ page's Turkish texts. */
export const FAQ_MESSAGES = {
  heading: 'Sıkça Sorulan Sorular',
  intro: 'Aradığınız cevabı bulamazsanız bize iletişim sayfasından yazabilirsiniz.',
  link: 'SSS',
} as const;
