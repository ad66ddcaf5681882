import type { ReactionSummary } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { ReactionControl } from './ReactionControl';

/** The reaction control's legacy fragment (the `/set/action` answer's `button`), rendered by React. */
export const renderReactionControl = (postId: number, summary: ReactionSummary): string => renderToStaticMarkup(<ReactionControl postId={postId} summary={summary} />);
