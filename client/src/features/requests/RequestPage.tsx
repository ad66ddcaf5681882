import { REQUEST_MESSAGES as M, requestPath } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { messageOf } from '../../lib/api';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session/session';
import { RequestRow } from './RequestRow';
import { useRequest } from './useRequests';
import './requests.css';

/** One request's page (`/istekler/{id}`): where a new request, or one made already, sends the member. */
export function RequestPage({ id }: { id: number }) {
  const { loaded, user } = useSession();
  const request = useRequest(id, user?.id ?? null);
  if (!loaded || request.isPending) return <Loading />;
  return (
    <section className="requests">
      <Link to="/istekler" className="text-link">
        {M.backToList}
      </Link>
      {request.isError ? (
        <p className="field__error" role="alert">
          {messageOf(request.error)}
        </p>
      ) : (
        <RequestRow request={request.data} from={requestPath(id)} />
      )}
    </section>
  );
}
