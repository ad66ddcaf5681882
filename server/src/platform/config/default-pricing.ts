import type { PricingInfo } from '@seyirlik/shared-contracts';

/**
 * The price list served when PRICING_PLANS is not set (README "Configuration"). The operator's
 * amounts belong in PRICING_PLANS; these only make a fresh install show a complete page.
 */
export const DEFAULT_PRICING: PricingInfo = {
  currency: 'TRY',
  plans: [
    {
      id: 'ucretsiz',
      name: 'Ücretsiz',
      description: 'Reklamlı izleyin, topluluğa katılın.',
      monthly: 0,
      annual: 0,
      features: ['Tüm bölümler reklamlı', 'Yorum, koleksiyon ve birlikte izleme', 'HD görüntü kalitesi'],
      highlighted: false,
    },
    {
      id: 'standart',
      name: 'Standart',
      description: 'Reklamsız izleyin, yeni bölümleri önce görün.',
      monthly: 49.9,
      annual: 479,
      features: ['Reklamsız izleme', 'Full HD görüntü kalitesi', 'Yeni bölümlere erken erişim'],
      highlighted: true,
    },
    {
      id: 'aile',
      name: 'Aile',
      description: 'Dört profile kadar, aynı anda iki ekranda.',
      monthly: 79.9,
      annual: 799,
      features: ['Standart planın her şeyi', 'Dört profil', 'Aynı anda iki ekran', '4K görüntü kalitesi'],
      highlighted: false,
    },
  ],
};
