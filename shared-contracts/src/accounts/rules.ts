/** Account rules, the same on both sides. */
export const ACCOUNT_RULES = {
  usernameMinLength: 3,
  usernameMaxLength: 20,
  /** Letters of the English alphabet, digits, `.` and `_`; starts with a letter. Case is kept but not significant. */
  usernamePattern: /^[A-Za-z][A-Za-z0-9._]*$/,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  profileNameMaxLength: 50,
  aboutMaxLength: 500,
  countryMaxLength: 56,
  socialHandleMaxLength: 50,
  socialHandlePattern: /^[A-Za-z0-9._-]+$/,
  avatarMaxBytes: 5 * 1024 * 1024,
  /** Avatars are stored as a square of this many pixels. */
  avatarSizePx: 256,
  /** Largest image accepted for processing, in pixels (width × height). */
  avatarMaxInputPixels: 40_000_000,
  /** A remembered session lasts this long after its last use. */
  rememberedSessionDays: 30,
  /** A session that is not remembered ends after this much idle time (and with the browser). */
  sessionIdleHours: 12,
  passwordResetValidMinutes: 60,
} as const;

/** Names a username may not take: they are paths of the site or would mislead. */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'moderator',
  'root',
  'system',
  'seyirlik',
  'destek',
  'api',
  'profile',
  'ayarlar',
  'giris',
  'kayit',
] as const;

export const SESSION_COOKIE = 'sid';
