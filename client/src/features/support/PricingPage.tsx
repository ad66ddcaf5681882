import {
  PRICING_MESSAGES as M,
  annualSavingPercent,
  formatPrice,
  planAmount,
  type BillingPeriod,
  type PricingInfo,
  type PricingPlan,
} from '@seyirlik/shared-contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { fetchPricing } from './supportApi';
import './support.css';

const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: M.monthly, annual: M.annual };

/** The monthly/annual toggle (seed §4): two buttons, the pressed one is the period shown. */
function PeriodToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  return (
    <div className="pricing__toggle" role="group" aria-label={M.periodLabel}>
      {(['monthly', 'annual'] as const).map((each) => (
        <button
          key={each}
          type="button"
          className={each === period ? 'pricing__toggle-option pricing__toggle-option--active' : 'pricing__toggle-option'}
          aria-pressed={each === period}
          onClick={() => onChange(each)}
        >
          {PERIOD_LABELS[each]}
        </button>
      ))}
    </div>
  );
}

function PlanCard({ plan, period, currency }: { plan: PricingPlan; period: BillingPeriod; currency: PricingInfo['currency'] }) {
  const amount = planAmount(plan, period);
  const saving = annualSavingPercent(plan);
  return (
    <article className={plan.highlighted ? 'plan plan--highlighted' : 'plan'} aria-labelledby={`plan-${plan.id}`}>
      {plan.highlighted && <p className="plan__badge">{M.highlighted}</p>}
      <h2 id={`plan-${plan.id}`} className="plan__name">
        {plan.name}
      </h2>
      <p className="plan__description">{plan.description}</p>
      <p className="plan__price" data-testid={`price-${plan.id}`}>
        {amount === 0 ? (
          M.free
        ) : (
          <>
            <span className="plan__amount">{formatPrice(amount, currency)}</span>{' '}
            <span className="plan__period">{period === 'monthly' ? M.perMonth : M.perYear}</span>
          </>
        )}
      </p>
      {period === 'annual' && saving > 0 && <p className="plan__saving">{M.annualSaving(saving)}</p>}
      {plan.features.length > 0 && (
        <ul className="plan__features">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** /fiyatlandirma: the plans of the server's configuration, monthly or annual. */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const pricing = useQuery({ queryKey: ['pricing'], queryFn: fetchPricing, staleTime: 5 * 60_000 });

  return (
    <section className="support-page" aria-labelledby="pricing-title">
      <header className="support-page__header">
        <h1 id="pricing-title" className="support-page__title">
          {M.heading}
        </h1>
        <p className="support-page__intro">{M.intro}</p>
      </header>
      <PeriodToggle period={period} onChange={setPeriod} />
      {pricing.isPending && <Loading />}
      {pricing.isError && (
        <p className="support-page__error" role="alert">
          {messageOf(pricing.error)}
        </p>
      )}
      {pricing.data && (
        <div className="pricing__plans">
          {pricing.data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} currency={pricing.data.currency} />
          ))}
        </div>
      )}
    </section>
  );
}
