import { ROOM_MESSAGES, type RoomMember } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { useInviteCandidates } from './useInviteCandidates';

/**
 * The invite checklist (seed §2): a search over the members the creator may invite, each with a
 * checkbox. The checked ones stay listed first whatever the search shows, so a search never
 * drops an invite.
 */
export function InviteChecklist({
  invited,
  toggle,
  error,
}: {
  invited: readonly RoomMember[];
  toggle: (member: RoomMember) => void;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const { members, loading } = useInviteCandidates(query);
  const invitedIds = new Set(invited.map((member) => member.id));
  const rows = [...invited, ...members.filter((member) => !invitedIds.has(member.id))];

  return (
    <fieldset className="invite-checklist" aria-busy={loading || undefined}>
      <legend className="field__label">{ROOM_MESSAGES.inviteLabel}</legend>
      <input
        type="search"
        className="field__input"
        value={query}
        placeholder={ROOM_MESSAGES.inviteSearchPlaceholder}
        aria-label={ROOM_MESSAGES.inviteSearchPlaceholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="invite-checklist__list">
        {rows.map((member) => (
          <li key={member.id}>
            <label className="invite-checklist__member">
              <input type="checkbox" checked={invitedIds.has(member.id)} onChange={() => toggle(member)} />
              <Avatar name={member.profileName} imageUrl={member.avatarUrl} size={28} />
              <span className="invite-checklist__name">{member.profileName}</span>
              <span className="invite-checklist__username">@{member.username}</span>
            </label>
          </li>
        ))}
      </ul>
      {loading ? <Spinner /> : null}
      {!loading && rows.length === 0 ? <p className="invite-checklist__none">{ROOM_MESSAGES.inviteNone}</p> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
