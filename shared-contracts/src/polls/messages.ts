import { MESSAGES } from '../platform/messages';
import { POLL_RULES } from './rules';

/** The polls' Turkish texts: the server's answers and the words of the poll card and the composer. */
export const POLL_MESSAGES = {
  /** Seed §5. */
  minTwoAnswers: MESSAGES.pollMinTwoAnswers,
  /** Seed §5: also answers that differ only in case or spaces. */
  duplicateAnswers: MESSAGES.pollDuplicateAnswers,
  tooManyAnswers: `Bir ankete en fazla ${POLL_RULES.maxAnswers} cevap ekleyebilirsiniz.`,
  answerTooLong: `Bir cevap en fazla ${POLL_RULES.answerMaxLength} karakter olabilir.`,
  questionRequired: 'Lütfen anket sorusunu yazınız.',
  questionTooLong: `Anket sorusu en fazla ${POLL_RULES.questionMaxLength} karakter olabilir.`,
  answersNotJson: 'Anket cevapları okunamadı; lütfen cevapları yeniden giriniz.',
  answersNotList: 'Anket cevapları bir liste olarak gönderilmelidir.',
  closesAtInvalid: 'Anketin kapanış zamanı geçersiz.',
  closesAtPast: 'Anketin kapanış zamanı ileride olmalıdır.',
  /** Seed §5: a vote needs a selected option. */
  optionRequired: 'Lütfen bir cevap seçiniz.',
  postIdInvalid: 'Hangi anket olduğu belirtilmedi.',
  groupIdInvalid: 'Grup bilgisi geçersiz.',
  pollNotFound: 'Anket bulunamadı.',
  optionNotInPoll: 'Seçtiğiniz cevap bu ankete ait değil.',
  pollClosed: 'Bu anket kapandı; artık oy verilemez.',
  voted: 'Oyunuz kaydedildi.',
  // Words on the poll card and the composer
  vote: 'Oy ver',
  showResults: 'Sonuçları göster',
  showForm: 'Oy vermeye dön',
  totalVotes: (total: number) => `${total} oy`,
  closed: 'Anket kapandı',
  yourVote: 'Sizin oyunuz',
  question: 'Anket sorusu',
  answer: (index: number) => `${index}. cevap`,
  addAnswer: 'Cevap ekle',
  removeAnswer: 'Cevabı kaldır',
} as const;
