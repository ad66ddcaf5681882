import type { FlowPost } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { FlowPostEditForm, FlowPosts } from './FlowPosts';

/** The `theme` of `/akis/{page}` and `/set/flow/post`: posts rendered by React, so every text members wrote is escaped. */
export function renderFlowTheme(posts: FlowPost[]): string {
  return renderToStaticMarkup(<FlowPosts posts={posts} />);
}

/** The `theme` of `/get/flow/post`: the post's edit form. */
export function renderFlowEditTheme(post: FlowPost): string {
  return renderToStaticMarkup(<FlowPostEditForm post={post} />);
}
