import type { TitleCard, TitleDetail, TitleKind } from '@seyirlik/shared-contracts';
import { notFound } from '@tanstack/react-router';
import { ApiError, api } from '../../lib/api';

/** How many titles the home page's "Yeni eklenenler" grid shows. */
export const NEW_TITLES_COUNT = 12;

/** The title of /{kind}/{slug}. */
export function fetchTitle(kind: TitleKind, slug: string): Promise<TitleDetail> {
  return api.get<TitleDetail>(`/api/titles/${kind}/${encodeURIComponent(slug)}`);
}

/** The title of /{kind}/{slug}; an unknown title is the route's "not found". */
export async function loadTitle(kind: TitleKind, slug: string): Promise<TitleDetail> {
  try {
    return await fetchTitle(kind, slug);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/** The newest titles, newest first. */
export async function fetchNewTitles(limit = NEW_TITLES_COUNT): Promise<TitleCard[]> {
  const { titles } = await api.get<{ titles: TitleCard[] }>(`/api/titles?limit=${limit}`);
  return titles;
}
