import {
  DISCUSSION_CATEGORIES,
  DISCUSSION_CATEGORY_NAMES,
  DISCUSSION_MESSAGES as M,
  DISCUSSION_ORDERS,
  DISCUSSION_RULES,
  LIMITS,
  type DiscussionCard,
  type DiscussionCategory,
  type DiscussionOrder,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Loading } from '../../ui/Loading';
import { useLoginModal } from '../session/loginModal';
import { useSession } from '../session/session';
import { DiscussionFormDialog } from './DiscussionFormDialog';
import { useDiscussionList, useDiscussionSeries } from './useDiscussions';
import './discussions.css';

const ORDER_LABELS: Record<DiscussionOrder, string> = { newest: M.orderNewest, active: M.orderActive };

/**
 * The discussion list (`/tartismalar`): categories, newest or most active first, a search over
 * titles (sent once typing pauses), "load more", and "Yeni konu" for members (visitors are asked to
 * log in). `about` (a title's page address) opens the form bound to that title.
 */
export function DiscussionsPage({ about = null }: { about?: { kind: TitleKind; slug: string } | null }) {
  const { loaded, user } = useSession();
  const loginModal = useLoginModal();
  const [category, setCategory] = useState<DiscussionCategory | null>(null);
  const [order, setOrder] = useState<DiscussionOrder>('newest');
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), LIMITS.liveSearchDebounceMs);
  const [writing, setWriting] = useState(about !== null);
  const series = useDiscussionSeries(about);
  const askingVisitor = loaded && user === null && about !== null;
  // A visitor who followed a title's "open a topic" link is asked to log in first.
  useEffect(() => {
    if (askingVisitor) loginModal.open(M.loginToOpen);
  }, [askingVisitor, loginModal]);
  if (!loaded) return <Loading />;
  const openForm = () => (user ? setWriting(true) : loginModal.open(M.loginToOpen));

  return (
    <section className="discussions">
      <header className="discussions__header">
        <h1 className="discussions__title">{M.listTitle}</h1>
        <button type="button" className="button button--primary" onClick={openForm}>
          {M.newTopic}
        </button>
      </header>
      <div className="discussions__controls">
        <div className="flow__tabs discussions__categories" role="group" aria-label={M.categoryLabel}>
          {[null, ...DISCUSSION_CATEGORIES].map((choice) => (
            <button
              key={choice ?? 'all'}
              type="button"
              className={choice === category ? 'flow__tab is-active' : 'flow__tab'}
              aria-pressed={choice === category}
              onClick={() => setCategory(choice)}
            >
              {choice === null ? M.allCategories : DISCUSSION_CATEGORY_NAMES[choice]}
            </button>
          ))}
        </div>
        <div className="flow__tabs" role="group">
          {DISCUSSION_ORDERS.map((choice) => (
            <button key={choice} type="button" className={choice === order ? 'flow__tab is-active' : 'flow__tab'} aria-pressed={choice === order} onClick={() => setOrder(choice)}>
              {ORDER_LABELS[choice]}
            </button>
          ))}
        </div>
        <input
          type="search"
          className="field__input discussions__search"
          value={query}
          placeholder={M.searchPlaceholder}
          aria-label={M.searchLabel}
          maxLength={DISCUSSION_RULES.searchMaxLength}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <DiscussionList key={`${category ?? 'all'}:${order}:${q}`} category={category} order={order} q={q} />
      {writing && user && (about === null || series.data) && (
        <DiscussionFormDialog series={series.data ?? null} onClose={() => setWriting(false)} />
      )}
    </section>
  );
}

function DiscussionList({ category, order, q }: { category: DiscussionCategory | null; order: DiscussionOrder; q: string }) {
  const list = useDiscussionList({ category, order, q });
  const discussions = list.data?.pages.flatMap((page) => page.discussions) ?? [];

  if (list.isPending) return <Loading />;
  if (list.isError && discussions.length === 0) {
    return (
      <p className="field__error" role="alert">
        {messageOf(list.error)}
      </p>
    );
  }
  return (
    <>
      {discussions.length === 0 ? (
        <p className="discussions__empty">{M.empty}</p>
      ) : (
        <ul className="discussions__list" aria-label={M.listTitle}>
          {discussions.map((discussion) => (
            <li key={discussion.id}>
              <DiscussionRow discussion={discussion} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={list} label={M.loadMore} className="discussions__more" />
    </>
  );
}

/** A topic in the list: its title (to its page), category, the title it is about, author, replies and last activity. */
function DiscussionRow({ discussion }: { discussion: DiscussionCard }) {
  return (
    <article className="discussion-row">
      <Link to="/tartismalar/$id" params={{ id: String(discussion.id) }} className="discussion-row__title">
        {discussion.title}
      </Link>
      <p className="discussion-row__meta">
        <span className="discussion-badge">{DISCUSSION_CATEGORY_NAMES[discussion.category]}</span>
        {discussion.series && (
          <Link className="discussion-row__series" to={discussion.series.link}>
            {discussion.series.name}
          </Link>
        )}
        <span>{discussion.author.profileName}</span>
        <span>{M.replies(discussion.replyCount)}</span>
        <time dateTime={discussion.lastActivityAt}>{formatLongDate(discussion.lastActivityAt)}</time>
      </p>
    </article>
  );
}
