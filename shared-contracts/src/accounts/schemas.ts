import { z } from 'zod';
import { boundedString, rawLengthFor } from '../platform/input';
import { ACCOUNT_MESSAGES as M } from './messages';
import { ACCOUNT_RULES as R, RESERVED_USERNAMES } from './rules';

/**
 * Text a person typed: no NUL or other control characters (line breaks only where `multiline`),
 * and no U+FFFD, which is what invalid UTF-8 in a request decodes to.
 */
function cleanText(options: { required: string; max: number; multiline?: boolean }) {
  const forbidden = options.multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/ : /[\u0000-\u001F\u007F\uFFFD]/;
  return boundedString(options.required, M.textTooLong, rawLengthFor(options.max))
    .refine((value) => !forbidden.test(value), { error: M.invalidCharacters })
    .transform((value) => value.trim())
    .refine((value) => value.length <= options.max, { error: M.textTooLong });
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const usernameSchema = cleanText({ required: M.registerFieldsRequired, max: 200 })
  .refine((value) => value.length > 0, { error: M.registerFieldsRequired })
  .refine((value) => value.length >= R.usernameMinLength && value.length <= R.usernameMaxLength, { error: M.usernameLength })
  .refine((value) => R.usernamePattern.test(value), { error: M.usernameCharacters })
  .refine((value) => !(RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()), { error: M.usernameReserved });

export const emailSchema = (requiredMessage: string) =>
  cleanText({ required: requiredMessage, max: 1000 })
    .refine((value) => value.length > 0, { error: requiredMessage })
    .refine((value) => value.length <= R.emailMaxLength && emailPattern.test(value), { error: M.emailInvalid });

/** Passwords are checked for length before anything else touches them (a 1 MB password is refused here). */
export const newPasswordSchema = (requiredMessage: string) =>
  boundedString(requiredMessage, M.passwordTooLong, R.passwordMaxLength)
    .refine((value) => value.length > 0, { error: requiredMessage })
    .refine((value) => value.length <= R.passwordMaxLength, { error: M.passwordTooLong })
    .refine((value) => !/[\u0000\uFFFD]/.test(value), { error: M.invalidCharacters })
    .refine((value) => value.length >= R.passwordMinLength, { error: M.passwordTooShort });

/** `remember` arrives as 1/0 from forms, or a boolean from JSON. */
const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', ''])])
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'on');

const botCheckToken = boundedString(M.botCheckFailed, M.botCheckFailed, 4000).optional();

/** POST /auth/login (§3 Login): `username` is a user name or an e-mail address. */
export const loginSchema = z.object({
  username: cleanText({ required: M.loginFieldsRequired, max: 1000 }).refine((value) => value.length > 0, {
    error: M.loginFieldsRequired,
  }),
  password: boundedString(M.loginFieldsRequired, M.invalidCredentials, R.passwordMaxLength)
    .refine((value) => value.length > 0, { error: M.loginFieldsRequired })
    .refine((value) => value.length <= R.passwordMaxLength, { error: M.invalidCredentials }),
  remember: flag,
  recaptcha_response_field: botCheckToken,
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /auth/register (§3 Register). */
export const registerSchema = z
  .object({
    username: usernameSchema,
    emailAddress: emailSchema(M.registerFieldsRequired),
    password: newPasswordSchema(M.registerFieldsRequired),
    passwordAgain: boundedString(M.registerFieldsRequired, M.passwordsDoNotMatch, R.passwordMaxLength).refine((value) => value.length > 0, {
      error: M.registerFieldsRequired,
    }),
    recaptcha_response_field: botCheckToken,
  })
  .refine((input) => input.password === input.passwordAgain, { error: M.passwordsDoNotMatch, path: ['passwordAgain'] })
  .refine(
    (input) =>
      input.password.toLowerCase() !== input.username.toLowerCase() &&
      input.password.toLowerCase() !== input.emailAddress.toLowerCase(),
    { error: M.passwordSameAsUsername, path: ['password'] },
  );
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /auth/forgot-password (§3 Forgot password); `forgot_pw` sends the address as `data`. */
export const forgotPasswordSchema = z.object({
  email: emailSchema(M.forgotPasswordEmailRequired),
  recaptcha_response_field: botCheckToken,
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/**
 * POST /auth/change/password (§3 Change password): the token comes from the reset link.
 * Legacy clients send only `password` and `token`; our form also sends the repeat, which must match.
 */
export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema(M.resetFieldsRequired),
    passwordAgain: boundedString(M.passwordsDoNotMatch, M.passwordsDoNotMatch, R.passwordMaxLength).optional(),
    token: boundedString(M.resetFieldsRequired, M.resetTokenInvalid, 100)
      .refine((value) => value.length > 0, { error: M.resetFieldsRequired })
      .refine((value) => /^[A-Za-z0-9_-]{20,100}$/.test(value), { error: M.resetTokenInvalid }),
  })
  .refine((input) => input.passwordAgain === undefined || input.passwordAgain === input.password, {
    error: M.passwordsDoNotMatch,
    path: ['passwordAgain'],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /set/user/info (§3 User info): profileName and emailAddress are required. */
export const profileInfoSchema = z.object({
  profileName: cleanText({ required: 'Lütfen gerekli alanları boş bırakmayınız !', max: R.profileNameMaxLength }).refine(
    (value) => value.length > 0,
    { error: 'Lütfen gerekli alanları boş bırakmayınız !' },
  ),
  emailAddress: emailSchema('Lütfen gerekli alanları boş bırakmayınız !'),
  about: cleanText({ required: M.textTooLong, max: R.aboutMaxLength, multiline: true }).optional().default(''),
  country: cleanText({ required: M.textTooLong, max: R.countryMaxLength }).optional().default(''),
});
export type ProfileInfoInput = z.input<typeof profileInfoSchema>;

/** POST /set/user/password: the settings form's current, new and repeated password. */
export const passwordUpdateSchema = z
  .object({
    currentPassword: boundedString(M.passwordFieldsRequired, M.currentPasswordWrong, R.passwordMaxLength)
      .refine((value) => value.length > 0, { error: M.passwordFieldsRequired })
      .refine((value) => value.length <= R.passwordMaxLength, { error: M.currentPasswordWrong }),
    newPassword: newPasswordSchema(M.passwordFieldsRequired),
    newPasswordAgain: boundedString(M.passwordFieldsRequired, M.passwordsDoNotMatch, R.passwordMaxLength).refine((value) => value.length > 0, {
      error: M.passwordFieldsRequired,
    }),
  })
  .refine((input) => input.newPassword === input.newPasswordAgain, { error: M.passwordsDoNotMatch, path: ['newPasswordAgain'] });
export type PasswordUpdateInput = z.input<typeof passwordUpdateSchema>;

/** A handle, or a profile address from which the handle is taken. */
const socialHandle = cleanText({ required: M.socialFieldsRequired, max: 200 })
  .transform((value) => value.replace(/^https?:\/\/(www\.)?[^/]+\//i, '').replace(/^@/, '').replace(/\/+$/, ''))
  .refine((value) => value.length > 0, { error: M.socialFieldsRequired })
  .refine((value) => value.length <= R.socialHandleMaxLength && R.socialHandlePattern.test(value), {
    error: M.socialHandleInvalid,
  });

/** `addSocial` (§7): sent only when all three are filled. */
export const socialLinksSchema = z.object({
  facebook: socialHandle,
  twitter: socialHandle,
  instagram: socialHandle,
});
export type SocialLinksInput = z.input<typeof socialLinksSchema>;

/** A member as every feature shows one (the session, comment authors, room members, invitees). */
export interface MemberCard {
  id: number;
  username: string;
  /** The display name. */
  profileName: string;
  /** Address of the avatar image, or null for the default. */
  avatarUrl: string | null;
}

/** The member the session belongs to, as the client keeps it. */
export type SessionUser = MemberCard;

/** GET /api/auth/session */
export interface SessionInfo {
  user: SessionUser | null;
  /** reCAPTCHA site key when the bot check is on; the client then gets a token before login, register and forgot-password. */
  recaptchaSiteKey: string | null;
}

/** A member's public profile page (/profile/{username}). */
export interface PublicProfile {
  username: string;
  profileName: string;
  about: string;
  country: string;
  avatarUrl: string | null;
  social: { facebook: string | null; twitter: string | null; instagram: string | null };
  joinedAt: string;
}

/** The member's own settings (GET /api/me). */
export interface MyAccount extends PublicProfile {
  id: number;
  emailAddress: string;
}
