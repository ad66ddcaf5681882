import { z } from 'zod';
import { emailSchema } from '../accounts/schemas';
import { boundedString, cleanTypedText, rawLengthFor } from '../platform/input';
import { CONTACT_MESSAGES as M } from './messages';
import { CONTACT_RULES as R } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;

/**
 * A required text of the form: missing or blank is the seed's 'Lütfen tüm alanları doldurunuz.'
 * (§5); it is stored as typed (markup is text, escaped wherever it is shown).
 */
const contactText = (max: number, tooLong: string, multiline: boolean) =>
  boundedString(M.allFields, tooLong, rawLengthFor(max))
    .transform((value) => (multiline ? cleanTypedText(value) : cleanTypedText(value).replace(/\s+/g, ' ')))
    .refine((value) => VISIBLE.test(value), { error: M.allFields, abort: true })
    .refine((value) => value.length <= max, { error: tooLong });

/** `/send/contact` and POST /api/contact (seed §7): name, email, subject, message and the bot-check token. */
export const contactMessageSchema = z.object({
  /** The sender's name. */
  name: contactText(R.nameMaxLength, M.nameTooLong, false),
  /** Where the operator answers. */
  email: emailSchema(M.allFields),
  subject: contactText(R.subjectMaxLength, M.subjectTooLong, false),
  message: contactText(R.messageMaxLength, M.messageTooLong, true),
  /** The bot-check token (reCAPTCHA), when the bot check is on. */
  recaptcha_response_field: boundedString(M.allFields, M.allFields, 4000).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** The answer of a sent contact message. */
export interface ContactReply {
  message: string;
}
