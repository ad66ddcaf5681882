import { SkeletonBlock, SkeletonStatus } from '../../ui/Skeleton';
import './watch.css';

/** How many controls (previous, next, watch together, cinema mode), sources, seasons and episodes the skeleton holds places for. */
const CONTROL_PLACES = 4;
const SOURCE_PLACES = 3;
const SEASON_PLACES = 2;
const EPISODE_PLACES = 6;

/**
 * The watch page while its episode loads: the heading's lines, the player's 16:9 stage with its
 * control bar, the sources, the seasons and the episodes, in the page's own boxes, so the episode
 * takes their places when it arrives.
 */
export function WatchPageSkeleton() {
  return (
    <SkeletonStatus className="page-skeleton watch-page watch-page--skeleton">
      <div className="watch-page__header">
        <SkeletonBlock className="watch-page-skeleton__kind" />
        <SkeletonBlock className="watch-page-skeleton__heading" />
        <SkeletonBlock className="watch-page-skeleton__line" />
        <SkeletonBlock className="watch-page-skeleton__line" />
      </div>
      <div className="watch-stage">
        <div className="watch-player" />
        <div className="watch-controls">
          {Array.from({ length: CONTROL_PLACES }, (_, index) => (
            <SkeletonBlock key={index} className="watch-page-skeleton__control" />
          ))}
        </div>
      </div>
      <div className="watch-sources__list">
        {Array.from({ length: SOURCE_PLACES }, (_, index) => (
          <SkeletonBlock key={index} className="watch-page-skeleton__source" />
        ))}
      </div>
      <div className="watch-seasons">
        {Array.from({ length: SEASON_PLACES }, (_, index) => (
          <SkeletonBlock key={index} className="watch-page-skeleton__episode" />
        ))}
      </div>
      <div className="watch-episodes">
        {Array.from({ length: EPISODE_PLACES }, (_, index) => (
          <SkeletonBlock key={index} className="watch-page-skeleton__episode" />
        ))}
      </div>
    </SkeletonStatus>
  );
}
