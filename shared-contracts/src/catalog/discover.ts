import { z } from 'zod';
import { boundedString, rawLengthFor } from '../platform/input';
import { LIMITS } from '../platform/limits';
import type { TitleCard } from './api';
import { normaliseDiscoverFilter } from './discover-address';
import { CATALOG_RULES, TITLE_KINDS } from './rules';
import { SEARCH_MESSAGES, SEARCH_RULES } from './search';

/** Limits of the discover page, the same for server and client. */
export const DISCOVER_RULES = {
  /** Titles per discover page. */
  pageSize: 24,
  /** Deepest page a request may ask for. */
  maxPage: 1000,
  /** Longest encoded filter accepted; a real one is well under 200 characters. */
  filterMaxLength: 512,
  /** Lowest year a filter may name; the slider starts at LIMITS.yearSliderMin. */
  yearMin: CATALOG_RULES.yearMin,
  yearMax: CATALOG_RULES.yearMax,
  imdbMin: LIMITS.ratingSliderMin,
  imdbMax: LIMITS.ratingSliderMax,
  /** The IMDb slider's step. */
  imdbStep: 0.5,
} as const;

/** The year slider's upper end: the current year (seed §9). */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** The discover page's Turkish texts. */
export const DISCOVER_MESSAGES = {
  filterNotBase64: 'Filtre bağlantısı bozuk: geçerli bir base64 metni değil.',
  filterNotJson: 'Filtre bağlantısı bozuk: içeriği okunamadı.',
  filterTooLong: 'Filtre bağlantısı çok uzun.',
  filterNotObject: 'Filtre bağlantısı bozuk: bir filtre nesnesi bekleniyordu.',
  unknownField: 'Filtrede bilinmeyen bir alan var.',
  rangeNotObject: "Aralık 'from' ve 'to' değerleri olan bir nesne olmalıdır.",
  yearInvalid: `Yıl ${DISCOVER_RULES.yearMin} ile ${DISCOVER_RULES.yearMax} arasında bir tam sayı olmalıdır.`,
  imdbInvalid: `IMDb puanı ${DISCOVER_RULES.imdbMin} ile ${DISCOVER_RULES.imdbMax} arasında bir sayı olmalıdır.`,
  rangeReversed: 'Aralığın başlangıcı bitişinden büyük olamaz.',
  kindInvalid: "İçerik tipi 'dizi', 'anime' ya da 'film' olmalıdır.",
  genreInvalid: 'Tür geçersiz.',
  channelInvalid: 'Kanal geçersiz.',
  /** Added after the reason when the list is shown without the broken filter. */
  showingUnfiltered: 'Filtre uygulanmadan tüm içerikler listeleniyor.',
  pageInvalid: `Sayfa numarası 1 ile ${DISCOVER_RULES.maxPage} arasında bir tam sayı olmalıdır.`,
  noResults: 'Bu filtreye uyan içerik bulunamadı.',
} as const;

const M = DISCOVER_MESSAGES;

function rangeSchema(value: z.ZodNumber) {
  return z
    .strictObject(
      {
        /** Lowest value, inclusive. */
        from: value.optional(),
        /** Highest value, inclusive. */
        to: value.optional(),
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.rangeNotObject) },
    )
    .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
      error: M.rangeReversed,
    })
    .transform((range) => {
      const normalised: { from?: number; to?: number } = {};
      if (range.from !== undefined) normalised.from = range.from;
      if (range.to !== undefined) normalised.to = range.to;
      return normalised;
    });
}

const yearValue = z
  .number({ error: M.yearInvalid })
  .int({ error: M.yearInvalid })
  .min(DISCOVER_RULES.yearMin, { error: M.yearInvalid })
  .max(DISCOVER_RULES.yearMax, { error: M.yearInvalid });

const imdbValue = z
  .number({ error: M.imdbInvalid })
  .min(DISCOVER_RULES.imdbMin, { error: M.imdbInvalid })
  .max(DISCOVER_RULES.imdbMax, { error: M.imdbInvalid });

const slugValue = (message: string) =>
  boundedString(message, message, CATALOG_RULES.slugMaxLength).regex(CATALOG_RULES.slugPattern, { error: message });

/** What the discover page filters by; every part is optional and the empty filter lists everything. */
export const discoverFilterSchema = z.strictObject(
  {
    /** Release years, inclusive. */
    year: rangeSchema(yearValue).optional(),
    /** IMDb ratings, inclusive. */
    imdb: rangeSchema(imdbValue).optional(),
    kind: z.enum(TITLE_KINDS, { error: M.kindInvalid }).optional(),
    /** A genre's slug. */
    genre: slugValue(M.genreInvalid).optional(),
    /** A channel's slug. */
    channel: slugValue(M.channelInvalid).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.filterNotObject) },
);

export type DiscoverFilter = z.output<typeof discoverFilterSchema>;
export type DiscoverRange = NonNullable<DiscoverFilter['year']>;

/** Decodes URL-safe (or standard) base64, padded or not; null when it is not base64. */
function fromBase64(text: string): string | null {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(text)) return null;
  const unpadded = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (unpadded.length % 4 === 1) return null;
  try {
    return atob(unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4));
  } catch {
    return null;
  }
}

export type DecodedDiscoverFilter = { filter: DiscoverFilter; error?: undefined } | { error: string; filter?: undefined };

/**
 * Reads a discover address's filter. `[]` and `{}` are the empty filter; anything else that is
 * not a valid filter gives the Turkish reason instead (the page then lists without a filter).
 */
export function decodeDiscoverFilter(text: string): DecodedDiscoverFilter {
  if (text.length > DISCOVER_RULES.filterMaxLength) return { error: M.filterTooLong };
  const json = fromBase64(text);
  if (json === null) return { error: M.filterNotBase64 };
  // No valid filter holds anything but ASCII; other bytes would be read as Latin-1 by atob.
  if (/[^\x20-\x7e]/.test(json)) return { error: M.filterNotJson };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: M.filterNotJson };
  }
  if (Array.isArray(value) && value.length === 0) return { filter: {} };
  const parsed = discoverFilterSchema.safeParse(value);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? M.filterNotObject };
  return { filter: normaliseDiscoverFilter(parsed.data) };
}

/** A search query: trimmed, at least SEARCH_RULES.minLength characters, at most maxLength. */
export const searchQuerySchema = boundedString(SEARCH_MESSAGES.tooShort, SEARCH_MESSAGES.tooLong, rawLengthFor(SEARCH_RULES.maxLength))
  .trim()
  .min(SEARCH_RULES.minLength, { error: SEARCH_MESSAGES.tooShort })
  .max(SEARCH_RULES.maxLength, { error: SEARCH_MESSAGES.tooLong });

/** Reply of GET /api/search. */
export interface SearchResult {
  titles: TitleCard[];
}

/** Reply of GET /api/discover. */
export interface DiscoverPage {
  titles: TitleCard[];
  page: number;
  hasMore: boolean;
  /** The filter applied, encoded; `W10=` when the requested one was broken. */
  filter: string;
  /** Set when the requested filter was broken: why, and that the list is unfiltered. */
  message?: string;
}

/** A genre in the discover page's select (GET /api/genres). */
export interface GenreOption {
  slug: string;
  name: string;
}
