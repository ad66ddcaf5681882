import { FLOW_RULES } from '@seyirlik/shared-contracts';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { FlowPage } from '../features/flow/FlowPage';

/** The flow from page N (seed §2 `/akis/{page}`); a page that is not a number from 1 is not a page. */
export const Route = createFileRoute('/akis/$page')({
  params: {
    parse: ({ page }) => {
      const number = /^[1-9][0-9]{0,4}$/.test(page) ? Number(page) : NaN;
      if (!(number <= FLOW_RULES.maxPage)) throw notFound();
      return { page: number };
    },
    stringify: ({ page }) => ({ page: String(page) }),
  },
  component: FlowFromPage,
});

function FlowFromPage() {
  const { page } = Route.useParams();
  return <FlowPage key={page} startPage={page} />;
}
