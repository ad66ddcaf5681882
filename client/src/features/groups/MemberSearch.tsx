import { GROUP_MESSAGES as M, GROUP_RULES, type GroupView, type MemberCard } from '@seyirlik/shared-contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { addGroupMember, searchGroupMembers } from './groupsApi';
import { GROUP_TEXT } from './texts';

/**
 * The owner's member search (seed §5, §9): asks the server once the text has at least
 * GROUP_RULES.memberSearchMinLength characters and stopped changing for memberSearchDebounceMs;
 * each match offers "Ekle", or says "Eklendi" when it is in the group (or was just added).
 */
export function MemberSearch({ group, onAdded }: { group: GroupView; onAdded: (group: GroupView) => void }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), GROUP_RULES.memberSearchDebounceMs);
  const q = Array.from(settled).length >= GROUP_RULES.memberSearchMinLength ? settled : '';
  const search = useQuery({
    queryKey: ['groups', 'member-search', group.id, q],
    queryFn: () => searchGroupMembers(group.id, q),
    enabled: q !== '',
    // Who is in the group changes with every add: ask again rather than show an old answer.
    gcTime: 0,
  });
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const [addingId, setAddingId] = useState<number | null>(null);
  const toast = useToast();
  const showFailure = useFailureToast();

  const add = async (member: MemberCard) => {
    setAddingId(member.id);
    try {
      const reply = await addGroupMember(group.id, member.username);
      setAdded((held) => new Set(held).add(member.id));
      onAdded(reply.group);
      toast.success(reply.message);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setAddingId(null);
    }
  };

  const members = q === '' ? [] : (search.data?.members ?? []);
  return (
    <section className="member-search" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="field__label">
        {M.memberSearch}
      </h3>
      <input
        id={inputId}
        type="search"
        className="field__input"
        value={query}
        placeholder={M.memberSearchPlaceholder}
        aria-labelledby={`${inputId}-title`}
        maxLength={GROUP_RULES.memberSearchMaxLength}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
      />
      {settled !== '' && q === '' && <p className="field__hint">{M.queryTooShort}</p>}
      {q !== '' && search.isFetching && <Spinner />}
      {q !== '' && search.isError && (
        <p className="field__error" role="alert">
          {messageOf(search.error)}
        </p>
      )}
      {q !== '' && search.isSuccess && members.length === 0 && <p className="member-search__none">{M.memberSearchEmpty}</p>}
      {members.length > 0 && (
        <ul className="member-search__results">
          {members.map((member) => {
            const inGroup = member.inGroup || added.has(member.id);
            return (
              <li key={member.id} className="member-row">
                <Avatar name={member.profileName} imageUrl={member.avatarUrl} size={32} />
                <span className="member-row__names">
                  <span className="member-row__name">{member.profileName}</span>
                  <span className="member-row__username">@{member.username}</span>
                </span>
                {inGroup ? (
                  <span className="member-row__added">{M.added}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--secondary member-row__action"
                    aria-label={GROUP_TEXT.addMemberLabel(member.profileName)}
                    disabled={addingId !== null}
                    onClick={() => void add(member)}
                  >
                    {M.add}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
