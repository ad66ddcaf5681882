import type { FlowPage, FlowPost } from '@seyirlik/shared-contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** The flow's pages as TanStack Query keeps them. */
export type FlowPages = InfiniteData<FlowPage, number>;

/**
 * A pushed version of a post merged into the one held: a push carries `mine` false (it goes to
 * everyone), so the held value stays; a photo already shown stays shown if an older push arrives
 * after a newer one.
 */
export function mergePost(held: FlowPost, pushed: FlowPost): FlowPost {
  const shown = new Map(held.images.map((image) => [image.id, image]));
  return {
    ...pushed,
    mine: held.mine,
    images: pushed.images.map((image) => (image.url === null && shown.get(image.id)?.url ? shown.get(image.id)! : image)),
  };
}

export const postIdsOf = (data: FlowPages | undefined): Set<number> => new Set(data?.pages.flatMap((page) => page.posts.map((post) => post.id)) ?? []);

/** Replaces a post wherever it is listed. */
export function replacePost(data: FlowPages | undefined, post: FlowPost): FlowPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((held) => (held.id === post.id ? mergePost(held, post) : held)) })) };
}

export function removePost(data: FlowPages | undefined, id: number): FlowPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((held) => held.id !== id) })) };
}

/** Puts posts first (newest first), leaving out those already listed. */
export function prependPosts(data: FlowPages | undefined, posts: readonly FlowPost[]): FlowPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const held = postIdsOf(data);
  const fresh = posts.filter((post) => !held.has(post.id)).sort((a, b) => b.id - a.id);
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, posts: [...fresh, ...first!.posts] }, ...rest] };
}
