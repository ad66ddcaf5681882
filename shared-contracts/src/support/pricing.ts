import { z } from 'zod';
import { boundedString } from '../platform/input';
import { PRICING_CURRENCIES, PRICING_RULES as R, type BillingPeriod, type PricingCurrency } from './rules';

/** An amount in the currency's unit (lira), with at most two decimals (kuruş). */
const amountSchema = z
  .number()
  .min(0)
  .max(R.maxAmount)
  .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, { message: 'must have at most two decimals' });

const text = (max: number) => boundedString('must be text', `must be at most ${max} characters`, max).trim().min(1);

/** A plan of the price list, as the operator writes it in PRICING_PLANS. */
export const pricingPlanSchema = z.strictObject({
  /** A short address-safe key, unique in the list (`standart`). */
  id: boundedString('must be text', 'must be at most 40 characters', 40).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase letters, digits and dashes'),
  name: text(R.nameMaxLength),
  description: text(R.descriptionMaxLength),
  /** The price of one month when paid monthly. */
  monthly: amountSchema,
  /** The price of one year when paid yearly. */
  annual: amountSchema,
  /** What the plan gives, one line each. */
  features: z.array(text(R.featureMaxLength)).max(R.maxFeatures).default([]),
  /** Shown as the recommended plan. */
  highlighted: z.boolean().default(false),
});

/** The whole price list (PRICING_PLANS): its currency and its plans, in the order shown. */
export const pricingConfigSchema = z
  .strictObject({
    currency: z.enum(PRICING_CURRENCIES).default('TRY'),
    plans: z.array(pricingPlanSchema).min(1).max(R.maxPlans),
  })
  .refine((config) => new Set(config.plans.map((plan) => plan.id)).size === config.plans.length, { message: 'plan ids must be unique', path: ['plans'] });

export type PricingPlan = z.output<typeof pricingPlanSchema>;
/** GET /api/pricing: the price list the server was configured with. */
export type PricingInfo = z.output<typeof pricingConfigSchema>;

/** A plan's price for the period the toggle shows. */
export const planAmount = (plan: PricingPlan, period: BillingPeriod): number => (period === 'monthly' ? plan.monthly : plan.annual);

/** How much a year paid yearly saves against twelve months paid monthly, in whole percent (0 when nothing). */
export function annualSavingPercent(plan: PricingPlan): number {
  const yearMonthly = plan.monthly * 12;
  if (yearMonthly <= 0 || plan.annual >= yearMonthly) return 0;
  return Math.round((1 - plan.annual / yearMonthly) * 100);
}

/** An amount as a Turkish price (`₺49,90`). */
export function formatPrice(amount: number, currency: PricingCurrency): string {
  return new Intl.NumberFormat('tr-TR', { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 }).format(amount);
}
