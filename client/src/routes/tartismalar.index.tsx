import { TITLE_KINDS, type TitleKind } from '@seyirlik/shared-contracts';
import { createFileRoute } from '@tanstack/react-router';
import { DiscussionsPage } from '../features/discussions/DiscussionsPage';

/** A title's page address as `?icerik=dizi/slug`: the new-topic form opens bound to that title. */
const ABOUT = new RegExp(`^(${TITLE_KINDS.join('|')})/([a-z0-9]+(?:-[a-z0-9]+)*)$`);

/** The discussion list; `?icerik=` opens the new-topic form about a title. */
export const Route = createFileRoute('/tartismalar/')({
  validateSearch: (search: Record<string, unknown>): { icerik?: string } =>
    typeof search.icerik === 'string' && ABOUT.test(search.icerik) ? { icerik: search.icerik } : {},
  component: DiscussionsRoute,
});

function DiscussionsRoute() {
  const { icerik } = Route.useSearch();
  const match = icerik === undefined ? null : ABOUT.exec(icerik);
  return <DiscussionsPage about={match ? { kind: match[1] as TitleKind, slug: match[2]! } : null} />;
}
