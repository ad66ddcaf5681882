import { foldForSearch } from '@seyirlik/shared-contracts';

const MAX_BASE_LENGTH = 60;

/**
 * A group's address from its name: folded the Turkish way ("Şahmaran Hayranları" →
 * "sahmaran-hayranlari"), letters and digits in words joined by hyphens; "grup" when nothing is left.
 */
export function slugBase(name: string): string {
  const words = foldForSearch(name).replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  let base = '';
  for (const word of words) {
    const next = base === '' ? word.slice(0, MAX_BASE_LENGTH) : `${base}-${word}`;
    if (next.length > MAX_BASE_LENGTH) break;
    base = next;
  }
  return base === '' ? 'grup' : base;
}

/** The first free address: `base`, or `base-N` with N one more than the highest taken. */
export function freeSlug(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  const suffix = new RegExp(`^${base}-(\\d{1,9})$`);
  const highest = taken.reduce((max, slug) => Math.max(max, Number(suffix.exec(slug)?.[1] ?? 1)), 1);
  return `${base}-${highest + 1}`;
}
