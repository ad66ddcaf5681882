/** Limits of the contact form, the same for the server and the client. */
export const CONTACT_RULES = {
  nameMaxLength: 80,
  subjectMaxLength: 150,
  messageMaxLength: 5000,
  /** Contact messages one address (IP) may send per window (ARCHITECTURE: contact is rate-limited). */
  rateLimit: { points: 5, windowSeconds: 3600 },
} as const;

/** The support pages' addresses. */
export const CONTACT_PATH = '/iletisim';
export const PRICING_PATH = '/fiyatlandirma';
export const FAQ_PATH = '/sss';

/** The pricing toggle's two positions (seed §4: monthly/annual). */
export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Currencies a price list may be in. */
export const PRICING_CURRENCIES = ['TRY', 'USD', 'EUR'] as const;
export type PricingCurrency = (typeof PRICING_CURRENCIES)[number];

/** Limits of a price list (PRICING_PLANS), checked when the server starts. */
export const PRICING_RULES = {
  maxPlans: 6,
  maxFeatures: 12,
  nameMaxLength: 40,
  descriptionMaxLength: 200,
  featureMaxLength: 120,
  maxAmount: 1_000_000,
} as const;
