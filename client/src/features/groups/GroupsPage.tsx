import { GROUP_MESSAGES as M, GROUP_RULES, LIMITS } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Loading } from '../../ui/Loading';
import { useLoginModal } from '../session/loginModal';
import { useSession } from '../session/session';
import { GroupCardLink } from './GroupCardLink';
import { GroupFormDialog } from './GroupFormDialog';
import { GROUP_TEXT } from './texts';
import { useGroupList } from './useGroups';
import '../flow/flow.css';
import './groups.css';

/**
 * The groups list (`/gruplar`): a search over names and taglines (sent once typing pauses; the
 * list shown stays, marked busy, until the answer comes), the member's own groups beside all
 * groups, "load more", and the create modal (visitors are asked to log in first).
 */
export function GroupsPage() {
  const { loaded, user } = useSession();
  const loginModal = useLoginModal();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), LIMITS.liveSearchDebounceMs);
  const [mine, setMine] = useState(false);
  const [creating, setCreating] = useState(false);
  if (!loaded) return <Loading />;
  const userId = user?.id ?? null;
  const listMine = mine && userId !== null;

  return (
    <section className="groups" key={userId ?? 'visitor'}>
      <header className="groups__header">
        <div className="groups__heading">
          <h1 className="groups__title">{M.heading}</h1>
          <p className="groups__intro">{M.intro}</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => (user ? setCreating(true) : loginModal.open(GROUP_TEXT.loginToCreate))}>
          {M.create}
        </button>
      </header>
      <div className="groups__controls">
        <input
          type="search"
          className="field__input groups__search"
          value={query}
          placeholder={M.searchPlaceholder}
          aria-label={GROUP_TEXT.searchLabel}
          maxLength={GROUP_RULES.searchMaxLength}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        {user && (
          <div className="flow__tabs" role="group">
            <button type="button" className={listMine ? 'flow__tab' : 'flow__tab is-active'} aria-pressed={!listMine} onClick={() => setMine(false)}>
              {M.all}
            </button>
            <button type="button" className={listMine ? 'flow__tab is-active' : 'flow__tab'} aria-pressed={listMine} onClick={() => setMine(true)}>
              {M.mine}
            </button>
          </div>
        )}
      </div>
      <GroupList q={q} mine={listMine} userId={userId} />
      {creating && <GroupFormDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

function GroupList({ q, mine, userId }: { q: string; mine: boolean; userId: number | null }) {
  const list = useGroupList(q, mine, userId);
  const groups = list.data?.pages.flatMap((page) => page.groups) ?? [];

  if (list.isPending) return <Loading />;
  if (list.isError && groups.length === 0) {
    return (
      <p className="field__error" role="alert">
        {messageOf(list.error)}
      </p>
    );
  }
  return (
    <>
      {groups.length === 0 ? (
        <p className="groups__empty">{q ? M.noMatch : mine ? GROUP_TEXT.noMine : M.empty}</p>
      ) : (
        <ul className="groups__grid" aria-label={GROUP_TEXT.listLabel} aria-busy={list.isPlaceholderData}>
          {groups.map((group) => (
            <li key={group.id}>
              <GroupCardLink group={group} />
            </li>
          ))}
        </ul>
      )}
      {!list.isPlaceholderData && <LoadMoreButton key={`${mine ? 'mine' : 'all'}:${q}`} pages={list} label={M.loadMore} className="groups__more" />}
    </>
  );
}
