import type { CompressionEffort } from '../../platform/http/response-encoding';

/**
 * How hard the live search's answers are compressed, from the index, made ahead and the full way
 * alike (so an answer is the same bytes whichever way it goes): most queries are asked once, so
 * an answer made for one is compressed for that one.
 */
export const SEARCH_COMPRESSION = 'once' satisfies CompressionEffort;
