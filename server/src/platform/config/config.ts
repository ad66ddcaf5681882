import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pricingConfigSchema, type PricingInfo } from '@seyirlik/shared-contracts';
import { z } from 'zod';
import { DEFAULT_PRICING } from './default-pricing';

/** An environment value left empty counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const urlWithProtocols = (protocols: string[], name: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (a ${name})` },
  );

/** Longest READ_CACHE_SECONDS: the cache is a micro-cache in front of reads that change with time. */
const READ_CACHE_MAX_SECONDS = 3600;
const readCacheSecondsMessage = `must be a whole number of seconds from 0 (off) to ${READ_CACHE_MAX_SECONDS}`;

const readCacheSeconds = z
  .string()
  .regex(/^\d{1,4}$/, readCacheSecondsMessage)
  .transform(Number)
  .refine((seconds) => seconds <= READ_CACHE_MAX_SECONDS, readCacheSecondsMessage);

/** Most TITLE_PAGES_MEMORY_MB: far more than a catalog of a hundred thousand titles takes compressed. */
const TITLE_PAGES_MEMORY_MAX_MB = 4096;
const titlePagesMemoryMessage = `must be a whole number of megabytes from 0 (off) to ${TITLE_PAGES_MEMORY_MAX_MB}`;

const titlePagesMemoryMb = z
  .string()
  .regex(/^\d{1,4}$/, titlePagesMemoryMessage)
  .transform(Number)
  .refine((megabytes) => megabytes <= TITLE_PAGES_MEMORY_MAX_MB, titlePagesMemoryMessage);

/** SESSION_RECHECK_SECONDS: how soon a socket of a session revoked elsewhere is cut, even if every publish is lost. */
const SESSION_RECHECK_MAX_SECONDS = 300;
const sessionRecheckSecondsMessage = `must be a whole number of seconds from 1 to ${SESSION_RECHECK_MAX_SECONDS}`;

const sessionRecheckSeconds = z
  .string()
  .regex(/^\d{1,3}$/, sessionRecheckSecondsMessage)
  .transform(Number)
  .refine((seconds) => seconds >= 1 && seconds <= SESSION_RECHECK_MAX_SECONDS, sessionRecheckSecondsMessage);

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Express's "trust proxy": `true`/`false`, a hop count, or a comma-separated list of
 * addresses, subnets or the names loopback, linklocal and uniquelocal.
 */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const valid = entries.every(
    (entry) =>
      ['loopback', 'linklocal', 'uniquelocal'].includes(entry) ||
      /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry),
  );
  if (!valid || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, a number of hops, or a comma-separated list of addresses or subnets',
    });
    return z.NEVER;
  }
  return entries;
});

const contactEmail = z.string().max(254).regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'must be an e-mail address');

/** PRICING_PLANS: the price list as JSON (it starts with `{`), or the path of a JSON file holding it. */
const pricingPlans = (cwd: string) =>
  z.string().transform((value, ctx): PricingInfo => {
    const inline = value.trim().startsWith('{');
    let json: unknown;
    try {
      json = JSON.parse(inline ? value : readFileSync(isAbsolute(value) ? value : resolve(cwd, value), 'utf8'));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `must be a price list as JSON or the path of a JSON file (${(error as Error).message})` });
      return z.NEVER;
    }
    const parsed = pricingConfigSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || '(root)'}: ${issue.message}` });
      return z.NEVER;
    }
    return parsed.data;
  });

const environmentSchema = (cwd: string) => z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL connection URL')),
  REDIS_URL: optional(urlWithProtocols(['redis:', 'rediss:'], 'Redis connection URL')),
  DATA_DIR: optional(z.string()).default('./.data'),
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'public site address')),
  TRUST_PROXY: optional(trustProxy).default(false),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  RUN_JOBS: optional(booleanFlag).default(true),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'SMTP server URL')),
  MAIL_FROM: optional(z.string().min(3).max(200)).default('Seyirlik <no-reply@seyirlik.local>'),
  RECAPTCHA_SECRET: optional(z.string().min(1).max(200)),
  RECAPTCHA_SITE_KEY: optional(z.string().min(1).max(200)),
  RECAPTCHA_VERIFY_URL: optional(urlWithProtocols(['http:', 'https:'], 'reCAPTCHA verification address')).default(
    'https://www.google.com/recaptcha/api/siteverify',
  ),
  REDIS_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_:-]{1,40}$/, 'must be 1–40 letters, digits, _ : or -')).default(
    'seyirlik',
  ),
  READ_CACHE_SECONDS: optional(readCacheSeconds).default(10),
  TITLE_PAGES_MEMORY_MB: optional(titlePagesMemoryMb).default(256),
  SESSION_RECHECK_SECONDS: optional(sessionRecheckSeconds).default(5),
  CONTACT_EMAIL: optional(contactEmail).default('iletisim@seyirlik.local'),
  PRICING_PLANS: optional(pricingPlans(cwd)).default(DEFAULT_PRICING),
});

export interface AppConfig {
  /** TCP port of the HTTP and Socket.IO server; 0 picks a free one. */
  port: number;
  /** External PostgreSQL; null starts the embedded one. */
  databaseUrl: string | null;
  /** Redis for fan-out, jobs and rate limits; null runs as one process without Redis. */
  redisUrl: string | null;
  /** Absolute folder for the embedded database and uploads. */
  dataDir: string;
  /** The site's public origin (scheme, host, port), when known; trusted as an Origin. */
  publicOrigin: string | null;
  trustProxy: boolean | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Whether this process consumes jobs (server replicas in a scaled deployment may leave it to workers). */
  runJobs: boolean;
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** Mail goes through this SMTP server when set; otherwise it is kept in the mail_outbox table. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The bot check is on when the secret is set; the site key is handed to the client. */
  recaptcha: { secret: string; siteKey: string | null; verifyUrl: string } | null;
  /** How long a public read is answered from memory (PublicReadCache); 0 turns the cache off. */
  readCacheSeconds: number;
  /** How many bytes of stored title pages, compressed, each server process holds in memory (TitlePageMemory); 0 holds none. */
  titlePagesMemoryBytes: number;
  /** How often each server process re-validates the sessions of its member sockets. */
  sessionRecheckSeconds: number;
  /** Where the contact form's messages are mailed (through the mail outbox and its job). */
  contactEmail: string;
  /** The pricing page's plans and amounts (PRICING_PLANS, or the documented default). */
  pricing: PricingInfo;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = environmentSchema(cwd).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        const value = env[name];
        return `${name}=${JSON.stringify(value)}: ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    databaseUrl: values.DATABASE_URL ?? null,
    redisUrl: values.REDIS_URL ?? null,
    dataDir: isAbsolute(values.DATA_DIR) ? values.DATA_DIR : resolve(cwd, values.DATA_DIR),
    publicOrigin: values.PUBLIC_URL ? new URL(values.PUBLIC_URL).origin : null,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    runJobs: values.RUN_JOBS,
    redisPrefix: values.REDIS_PREFIX,
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom: values.MAIL_FROM,
    recaptcha: values.RECAPTCHA_SECRET
      ? { secret: values.RECAPTCHA_SECRET, siteKey: values.RECAPTCHA_SITE_KEY ?? null, verifyUrl: values.RECAPTCHA_VERIFY_URL }
      : null,
    readCacheSeconds: values.READ_CACHE_SECONDS,
    titlePagesMemoryBytes: values.TITLE_PAGES_MEMORY_MB * 1024 * 1024,
    sessionRecheckSeconds: values.SESSION_RECHECK_SECONDS,
    contactEmail: values.CONTACT_EMAIL,
    pricing: values.PRICING_PLANS,
  };
}
