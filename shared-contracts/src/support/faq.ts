/** A question of the FAQ page and its answer (Turkish, addressing the reader as "siz"). */
export interface FaqEntry {
  /** A stable key: the accordion's ids are made from it. */
  id: string;
  question: string;
  answer: string;
}

/** The FAQ page's questions, in the order shown; opening one answer closes the others (seed §4). */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'uyelik',
    question: 'Üye olmak ücretli mi?',
    answer: 'Hayır. Üye olmak ücretsizdir; yorum yapmak, koleksiyon oluşturmak ve birlikte izlemek için ücretsiz bir hesap yeterlidir.',
  },
  {
    id: 'planlar',
    question: 'Ücretli planlar bana ne kazandırır?',
    answer: 'Ücretli planlarla reklamsız izleyebilir, daha yüksek görüntü kalitesine erişebilir ve yeni bölümleri önce izleyebilirsiniz. Planların içeriğini fiyatlandırma sayfasında görebilirsiniz.',
  },
  {
    id: 'yillik',
    question: 'Aylık ve yıllık ödeme arasındaki fark nedir?',
    answer: 'Yıllık ödemede bir yılın ücretini tek seferde ödersiniz ve aylık ödemeye göre daha az ödersiniz. Fiyatlandırma sayfasındaki düğmeyle iki dönemin fiyatlarını karşılaştırabilirsiniz.',
  },
  {
    id: 'iptal',
    question: 'Planımı nasıl iptal ederim?',
    answer: 'Planınızı dilediğiniz zaman iptal edebilirsiniz; ödediğiniz dönemin sonuna kadar planınızdan yararlanmaya devam edersiniz.',
  },
  {
    id: 'video-sorunu',
    question: 'Bir video açılmıyorsa ne yapmalıyım?',
    answer: 'Oynatıcının altındaki alternatif kaynaklardan birini deneyin. Sorun devam ederse oynatıcıdaki bildir düğmesiyle bize haber verebilirsiniz.',
  },
  {
    id: 'iletisim',
    question: 'Size nasıl ulaşabilirim?',
    answer: 'İletişim sayfasındaki formu doldurarak bize yazabilirsiniz; size e-posta adresinizden dönüş yaparız.',
  },
];
