import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../features/support/PricingPage';

export const Route = createFileRoute('/fiyatlandirma')({
  component: PricingPage,
});
