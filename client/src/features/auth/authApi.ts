import type { SessionUser } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

interface BotCheckField {
  recaptcha_response_field?: string;
}

interface SignedIn {
  user: SessionUser;
  message: string;
}

export const login = (
  body: { username: string; password: string; remember: boolean } & BotCheckField,
) => api.post<SignedIn>('/api/auth/login', body);

export const register = (
  body: {
    username: string;
    emailAddress: string;
    password: string;
    passwordAgain: string;
  } & BotCheckField,
) => api.post<SignedIn>('/api/auth/register', body);

export const requestPasswordReset = (body: { email: string } & BotCheckField) =>
  api.post<{ message: string }>('/api/auth/forgot-password', body);

export const resetPassword = (body: { password: string; token: string }) =>
  api.post<{ message: string }>('/api/auth/reset-password', body);
