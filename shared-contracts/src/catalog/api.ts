import type { TitleKind } from './rules';

/** Where a title's page is: /dizi/{slug}, /anime/{slug} or /film/{slug}. */
export function titlePath(title: { kind: TitleKind; slug: string }): string {
  return `/${title.kind}/${title.slug}`;
}

/**
 * The backdrop the site draws for a title without one of its own (an abstract picture in the
 * title's colours, no text): the home page's slider and the title page fall back to it.
 */
export function drawnBackdropUrl(title: { slug: string }): string {
  return `/media/backdrops/${title.slug}.svg`;
}

/** A title as lists and carousels show it (GET /api/titles). */
export interface TitleCard {
  slug: string;
  kind: TitleKind;
  /** Turkish name. */
  name: string;
  originalName: string;
  year: number;
  /** IMDb rating, 0–10 with one decimal. */
  imdb: number;
  posterUrl: string;
  /** Shown behind the age gate. */
  adult: boolean;
}

/** An episode in a title page's season list. */
export interface EpisodeSummary {
  id: number;
  number: number;
  name: string;
  /** ISO time; in the future for an episode that has not aired yet. */
  airAt: string;
  durationSeconds: number;
}

export interface SeasonDetail {
  number: number;
  /** The season's own name, or null for "N. Sezon". */
  name: string | null;
  episodes: EpisodeSummary[];
}

/** A title page (GET /api/titles/{kind}/{slug}). */
export interface TitleDetail extends TitleCard {
  description: string;
  genres: Array<{ slug: string; name: string }>;
  channel: { slug: string; name: string } | null;
  /** The countdown's target (next episode or premiere), or null. */
  releaseAt: string | null;
  backdropUrl: string | null;
  /** Numbered from 1, in order. */
  trailers: Array<{ number: number; url: string }>;
  seasons: SeasonDetail[];
}
