import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/support/FaqPage';

export const Route = createFileRoute('/sss')({
  component: FaqPage,
});
