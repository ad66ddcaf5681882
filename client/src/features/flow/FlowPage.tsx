import { FLOW_MESSAGES as M } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Loading } from '../../ui/Loading';
import { useSession } from '../session/session';
import { FlowFeed } from './FlowFeed';
import { publicFlow } from './flowScope';
import './flow.css';

/**
 * The flow page (`/akis`, or `/akis/{page}` from a later page): the composer for members, the
 * "N yeni gönderi" bar (on the first page), the posts and "load more".
 */
export function FlowPage({ startPage }: { startPage: number }) {
  const { loaded, user } = useSession();
  const [mine, setMine] = useState(false);
  if (!loaded) return <Loading />;
  const userId = user?.id ?? null;
  return (
    <section className="flow" key={userId ?? 'visitor'}>
      <header className="flow__header">
        <h1 className="flow__title">{M.heading}</h1>
        {user && (
          <div className="flow__tabs" role="group">
            <button type="button" className={mine ? 'flow__tab' : 'flow__tab is-active'} aria-pressed={!mine} onClick={() => setMine(false)}>
              {M.all}
            </button>
            <button type="button" className={mine ? 'flow__tab is-active' : 'flow__tab'} aria-pressed={mine} onClick={() => setMine(true)}>
              {M.mine}
            </button>
          </div>
        )}
      </header>
      <FlowFeed
        key={mine ? 'mine' : 'all'}
        scope={publicFlow(mine && userId !== null)}
        userId={userId}
        startPage={startPage}
        canPost={userId !== null}
        notice={
          <p className="flow__login">
            <Link to="/giris-yap" search={{ redirect: '/akis' }} className="text-link">
              {M.loginToPost}
            </Link>
          </p>
        }
      />
    </section>
  );
}
