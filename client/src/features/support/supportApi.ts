import type { ContactReply, PricingInfo } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** The contact form's fields as the server reads them (`recaptcha_response_field` when the bot check is on). */
export interface ContactBody {
  name: string;
  email: string;
  subject: string;
  message: string;
  recaptcha_response_field?: string;
}

export const sendContactMessage = (body: ContactBody) => api.post<ContactReply>('/api/contact', body);

export const fetchPricing = () => api.get<PricingInfo>('/api/pricing');
