import { z } from 'zod';
import { legacyFieldsOf } from '../legacy/envelope';
import { forgotPasswordSchema } from './schemas';

// The accounts' legacy calls (§7). Most carry the seed's field names already and are read with the
// schemas of their forms (loginSchema, registerSchema, ...); the ones below differ.

/** `forgot_pw` on `/ajax/service`: the address as `data`; read as forgotPasswordSchema. */
export const legacyForgotPwSchema = z.preprocess((body) => {
  const fields = legacyFieldsOf(body);
  return { email: fields.data, recaptcha_response_field: fields.recaptcha_response_field };
}, forgotPasswordSchema);

/** A call that reads no field: `/user/set/avatar` (its input is the multipart `file`) and `/auth/logout`. */
export const legacyNoFieldsSchema = z.unknown();
