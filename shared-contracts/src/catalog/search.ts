import { LIMITS } from '../platform/limits';

/** Limits of search, the same for server and client. */
export const SEARCH_RULES = {
  /** Live search and /search start at this many characters (seed §5). */
  minLength: LIMITS.liveSearchMinLength,
  /** Longest query; longer ones are refused rather than cut. */
  maxLength: 100,
  /** Results of the header's live search. */
  liveLimit: 8,
  /** Results of the legacy /search fragment. */
  legacyLimit: 20,
} as const;

/** Search's Turkish texts. */
export const SEARCH_MESSAGES = {
  tooShort: `En az ${SEARCH_RULES.minLength} karakter giriniz.`,
  tooLong: `Arama en fazla ${SEARCH_RULES.maxLength} karakter olabilir.`,
  noResults: 'Aradığınız kriterlere uygun içerik bulunamadı.',
} as const;

/** Turkish letters without a decomposition that removes their mark (ı, and ç ğ ö ş ü for clarity). */
const TURKISH_FOLDS: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

/**
 * Folds text for search the Turkish way, so client and server (and the stored `search_text`)
 * agree: "Şahmaran IŞIK" → "sahmaran isik". Lower-cases with Turkish rules (I → ı, İ → i; the
 * default rules would turn İ into "i̇"), maps ç ğ ı ö ş ü to their plain letters, strips every
 * other diacritic (â → a) and collapses runs of white space.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/I/g, 'ı')
    .replace(/İ/g, 'i')
    .toLowerCase()
    .replace(/[çğıöşü]/g, (letter) => TURKISH_FOLDS[letter]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
