import { SkeletonBlock, SkeletonStatus } from '../../ui/Skeleton';
import './watch.css';

/** How many controls (previous, next, watch together, cinema mode), sources and episodes the skeleton holds places for. */
const CONTROL_PLACES = 4;
const SOURCE_PLACES = 3;
const EPISODE_PLACES = 4;

/**
 * The watch page while its episode loads: the title block (poster, facts, heading, lines), the
 * player's 16:9 stage with its control bar, the sources and the episodes, in the page's own boxes,
 * so the episode takes their places when it arrives.
 */
export function WatchPageSkeleton() {
  return (
    <SkeletonStatus className="page-skeleton watch-page watch-page--skeleton">
      <div className="watch-heading">
        <SkeletonBlock className="watch-heading__poster" />
        <div className="watch-heading__text">
          <SkeletonBlock className="watch-page-skeleton__facts" />
          <SkeletonBlock className="watch-page-skeleton__heading" />
          <SkeletonBlock className="watch-page-skeleton__line" />
          <SkeletonBlock className="watch-page-skeleton__line" />
          <SkeletonBlock className="watch-page-skeleton__links" />
        </div>
      </div>
      <div className="watch-stage">
        <div className="watch-player" />
        <div className="watch-controls">
          {Array.from({ length: CONTROL_PLACES }, (_, index) => (
            <SkeletonBlock key={index} className="watch-page-skeleton__control" />
          ))}
        </div>
      </div>
      <div className="watch-sources">
        <SkeletonBlock className="watch-page-skeleton__section" />
        <div className="source-choices">
          {Array.from({ length: SOURCE_PLACES }, (_, index) => (
            <SkeletonBlock key={index} className="watch-page-skeleton__source" />
          ))}
        </div>
      </div>
      <div className="episode-browser">
        <SkeletonBlock className="watch-page-skeleton__section" />
        <div className="episode-list">
          {Array.from({ length: EPISODE_PLACES }, (_, index) => (
            <SkeletonBlock key={index} className="watch-page-skeleton__episode" />
          ))}
        </div>
      </div>
    </SkeletonStatus>
  );
}
