import { z } from 'zod';
import { boundedString } from './input';

/**
 * A send's idempotency key: made by the client once per composed message and sent again with
 * every retry of it, so a repeat answers the stored message instead of storing it twice.
 */
export const SEND_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const SEND_KEY_MESSAGES = {
  invalid: 'Gönderim anahtarı geçersiz; lütfen sayfayı yenileyip tekrar deneyiniz.',
  reused: 'Bu gönderim anahtarı başka bir metinle kullanıldı; lütfen tekrar gönderiniz.',
} as const;

/** An optional send key; missing, null or empty means none (legacy clients send none). */
export const sendKeySchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? undefined : value),
  boundedString(SEND_KEY_MESSAGES.invalid, SEND_KEY_MESSAGES.invalid, 64).regex(SEND_KEY_PATTERN, { error: SEND_KEY_MESSAGES.invalid }).optional(),
);
