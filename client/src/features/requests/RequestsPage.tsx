import { REQUEST_MESSAGES as M, REQUESTS_PATH } from '@seyirlik/shared-contracts';
import { messageOf } from '../../lib/api';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session/session';
import { RequestRow } from './RequestRow';
import { RequestSearch } from './RequestSearch';
import { REQUEST_TEXT } from './texts';
import { useRequestList } from './useRequests';
import './requests.css';

/**
 * The requests page (`/istekler`): the search that finds what exists and asks for what does not,
 * then every request by score with its votes, a page more per "load more" (seed §8: at the end
 * 'Gösterilecek içerik kalmadı.'; a failed load shows its error and the button goes).
 */
export function RequestsPage() {
  const { loaded, user } = useSession();
  if (!loaded) return <Loading />;
  return (
    <section className="requests" key={user?.id ?? 'visitor'}>
      <header className="requests__header">
        <h1 className="requests__title">{M.heading}</h1>
        <p className="requests__intro">{M.intro}</p>
      </header>
      <RequestSearch from={REQUESTS_PATH} />
      <RequestList userId={user?.id ?? null} />
    </section>
  );
}

function RequestList({ userId }: { userId: number | null }) {
  const list = useRequestList(userId);
  const requests = list.data?.pages.flatMap((page) => page.requests) ?? [];

  if (list.isPending) return <Loading />;
  if (list.isError && requests.length === 0) {
    return (
      <p className="field__error" role="alert">
        {messageOf(list.error)}
      </p>
    );
  }
  if (requests.length === 0) return <p className="requests__empty">{M.empty}</p>;
  return (
    <>
      <ul className="requests__list" aria-label={REQUEST_TEXT.listLabel}>
        {requests.map((request) => (
          <li key={request.id}>
            <RequestRow request={request} from={REQUESTS_PATH} />
          </li>
        ))}
      </ul>
      <LoadMoreButton pages={list} label={M.loadMore} className="requests__more" />
      {!list.hasNextPage && (list.data?.pages.length ?? 0) > 1 && <p className="requests__end">{M.noMore}</p>}
    </>
  );
}
