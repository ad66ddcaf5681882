import { lazy, Suspense, useId, type ComponentProps } from 'react';
import { Loading } from '../../ui/Loading';
import { SkeletonBlock } from '../../ui/Skeleton';
import type { CommentsSection as LoadedCommentsSection } from './CommentsSection';
import { COMMENT_TEXT } from './texts';
import './comments.css';

export { titlePageTarget, watchPageTarget } from './commentTargets';

// The comments stand below a title or watch page's first screen: their code (the list, the composer
// with its emoji picker, the report and delete dialogs) loads once the page is drawn, so it never
// holds the page up.
const CommentsSection = lazy(() => import('./CommentsSection').then(({ CommentsSection }) => ({ default: CommentsSection })));

/**
 * The comments of a title or watch page (CommentsSection), drawn as the section's frame while
 * their code loads: the heading, the order switch's and the login line's places and
 * "Yükleniyor...", as the section itself first draws while its list loads.
 */
export function LazyCommentsSection(props: ComponentProps<typeof LoadedCommentsSection>) {
  return (
    <Suspense fallback={<CommentsPlaceholder />}>
      <CommentsSection {...props} />
    </Suspense>
  );
}

function CommentsPlaceholder() {
  const headingId = useId();
  return (
    <section className="comments comments--placeholder" aria-labelledby={headingId}>
      <header className="comments__header">
        <h2 id={headingId} className="comments__heading">
          {COMMENT_TEXT.heading}
        </h2>
        <SkeletonBlock className="comments-placeholder__order" />
      </header>
      <SkeletonBlock className="comments-placeholder__entry" />
      <Loading />
    </section>
  );
}
