// The discover page's address carries its filter as URL-safe base64 of the filter's JSON. Writing
// an address needs no schema (links to the discover page are on every page); reading one checks the
// filter against discoverFilterSchema (decodeDiscoverFilter, in discover.ts).
import type { DiscoverFilter } from './discover';

/** The encoded empty filter, as the seed writes it (base64 of `[]`). */
export const EMPTY_DISCOVER_FILTER = 'W10=';

/** The filter with empty ranges dropped and its keys in one order, so equal filters encode alike. */
export function normaliseDiscoverFilter(filter: DiscoverFilter): DiscoverFilter {
  const normalised: DiscoverFilter = {};
  for (const key of ['year', 'imdb'] as const) {
    const range = filter[key];
    if (range && (range.from !== undefined || range.to !== undefined)) {
      normalised[key] = {
        ...(range.from !== undefined && { from: range.from }),
        ...(range.to !== undefined && { to: range.to }),
      };
    }
  }
  if (filter.kind !== undefined) normalised.kind = filter.kind;
  if (filter.genre !== undefined) normalised.genre = filter.genre;
  if (filter.channel !== undefined) normalised.channel = filter.channel;
  return normalised;
}

/** A filter's JSON is ASCII (numbers, kinds and slugs), so base64 works on its characters directly. */
function toBase64Url(json: string): string {
  return btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The filter as the discover address carries it: URL-safe base64 of its JSON, without padding.
 * The empty filter is `W10=`, as in the seed.
 */
export function encodeDiscoverFilter(filter: DiscoverFilter): string {
  const normalised = normaliseDiscoverFilter(filter);
  if (Object.keys(normalised).length === 0) return EMPTY_DISCOVER_FILTER;
  return toBase64Url(JSON.stringify(normalised));
}
