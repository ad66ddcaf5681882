import type {
  CreateDiscussionBody,
  DiscussionCategory,
  DiscussionCreatedReply,
  DiscussionDeletedReply,
  DiscussionList,
  DiscussionOrder,
  DiscussionReply,
  DiscussionSeries,
  DiscussionView,
  TitleKind,
  UpdateDiscussionBody,
} from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** What the list shows: a category (or all), an order, a search text. */
export interface DiscussionFilter {
  category: DiscussionCategory | null;
  order: DiscussionOrder;
  q: string;
}

/** A page (from 1) of topics. */
export function fetchDiscussions(filter: DiscussionFilter, page: number): Promise<DiscussionList> {
  const query = new URLSearchParams({ order: filter.order, page: String(page) });
  if (filter.category) query.set('category', filter.category);
  if (filter.q) query.set('q', filter.q);
  return api.get<DiscussionList>(`/api/discussions?${query.toString()}`);
}

export function fetchDiscussion(id: number): Promise<DiscussionView> {
  return api.get<DiscussionView>(`/api/discussions/${id}`);
}

/** The title at a page's address, to bind a new topic to. */
export function fetchDiscussionSeries(kind: TitleKind, slug: string): Promise<DiscussionSeries> {
  return api.get<DiscussionSeries>(`/api/discussions/series/${kind}/${encodeURIComponent(slug)}`);
}

export function createDiscussion(body: CreateDiscussionBody): Promise<DiscussionCreatedReply> {
  return api.post<DiscussionCreatedReply>('/api/discussions', body);
}

export function updateDiscussion(id: number, body: UpdateDiscussionBody): Promise<DiscussionReply> {
  return api.patch<DiscussionReply>(`/api/discussions/${id}`, body);
}

export function deleteDiscussion(id: number): Promise<DiscussionDeletedReply> {
  return api.delete<DiscussionDeletedReply>(`/api/discussions/${id}`);
}
