import { getRouteApi } from '@tanstack/react-router';
import { WatchPage } from './WatchPage';

/** The watch routes: an episode of a series or an anime, and a film's one video. */
type WatchRouteId =
  | '/anime/$slug_/{$season}-sezon/{$episode}-bolum'
  | '/dizi/$slug_/{$season}-sezon/{$episode}-bolum'
  | '/film/$slug_/izle';

/**
 * The page of a watch route: its loaded episode, started at the search's `t` second
 * (validateWatchSearch). Each route file passes its own id (the router finds the loader data and
 * search by it), and calls this inside `component:` so the router plugin still splits the page out of
 * the first bundle.
 */
export function watchRouteComponent(routeId: WatchRouteId) {
  const route = getRouteApi(routeId);
  return function WatchRoute() {
    const watch = route.useLoaderData();
    const { t } = route.useSearch();
    // A new episode is a new page: its ads, source and player start over.
    return <WatchPage key={watch.path} watch={watch} startAt={t} />;
  };
}
