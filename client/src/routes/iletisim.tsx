import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/support/ContactPage';

export const Route = createFileRoute('/iletisim')({
  component: ContactPage,
});
