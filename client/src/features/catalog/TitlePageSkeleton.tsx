import { SkeletonBlock, SkeletonStatus } from '../../ui/Skeleton';
import './title-page.css';

/**
 * The title page while its title loads: the hero with the poster's place, the badge, name, facts
 * and button rows (trailer, member actions, discussion), the description and the season tabs, in
 * the page's own boxes, so the title takes their places when it arrives.
 */
export function TitlePageSkeleton() {
  return (
    <SkeletonStatus className="page-skeleton title-page title-page--skeleton">
      <div className="title-page__hero">
        <SkeletonBlock className="title-page__poster" />
        <div className="title-page__identity">
          <SkeletonBlock className="title-page-skeleton__badge" />
          <SkeletonBlock className="title-page-skeleton__name" />
          <SkeletonBlock className="title-page-skeleton__facts" />
          <SkeletonBlock className="title-page-skeleton__button" />
          <SkeletonBlock className="title-page-skeleton__actions" />
          <SkeletonBlock className="title-page-skeleton__topic" />
        </div>
      </div>
      <div className="title-page__description">
        <SkeletonBlock className="title-page-skeleton__line" />
        <SkeletonBlock className="title-page-skeleton__line" />
      </div>
      <SkeletonBlock className="title-page-skeleton__tabs" />
    </SkeletonStatus>
  );
}
