import type { CommentThread, CommentView } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { CommentBlock } from './CommentBlock';

/** Fragments of the legacy comment calls, rendered by React: every text a member wrote is escaped. */
export const renderCommentThreads = (threads: CommentThread[]): string =>
  renderToStaticMarkup(
    <>
      {threads.map((thread) => (
        <CommentBlock key={thread.id} comment={thread} replies={thread.replies} />
      ))}
    </>,
  );

export const renderComment = (comment: CommentView): string => renderToStaticMarkup(<CommentBlock comment={comment} />);
