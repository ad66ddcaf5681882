import type { TitleKind } from '@seyirlik/shared-contracts';
import { getRouteApi } from '@tanstack/react-router';
import { TitlePage } from './TitlePage';

/** The title page's route of each kind: /anime/$slug, /dizi/$slug, /film/$slug. */
type TitleRouteId = `/${TitleKind}/$slug`;

/**
 * The page of a title route, which reads that route's loaded title. Each route file passes its own id
 * (the router finds the loader data by it), and calls this inside `component:` so the router plugin
 * still splits the page out of the first bundle.
 */
export function titleRouteComponent(routeId: TitleRouteId) {
  const route = getRouteApi(routeId);
  return function TitleRoute() {
    const title = route.useLoaderData();
    // A new title is a new page: the open description and the chosen season start over.
    return <TitlePage key={title.slug} title={title} />;
  };
}
