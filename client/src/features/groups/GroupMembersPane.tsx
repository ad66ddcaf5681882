import { GROUP_MESSAGES as M, type GroupMember, type GroupView } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Loading } from '../../ui/Loading';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { removeGroupMember } from './groupsApi';
import { GROUP_TEXT } from './texts';
import { useGroupCache, useGroupMembers } from './useGroups';

/** A group's members (the owner first), with "load more"; its owner removes a member with "Çıkar". */
export function GroupMembersPane({ group, userId }: { group: GroupView; userId: number | null }) {
  const members = useGroupMembers(group.id, userId);
  const cache = useGroupCache();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const listed = members.data?.pages.flatMap((page) => page.members) ?? [];

  const remove = async (member: GroupMember) => {
    setRemovingId(member.id);
    try {
      const reply = await removeGroupMember(group.id, member.id);
      cache.saved(reply.group);
      await cache.membersChanged(group.id);
      toast.success(reply.message);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setRemovingId(null);
    }
  };

  if (members.isPending) return <Loading />;
  if (members.isError && listed.length === 0) {
    return (
      <p className="field__error" role="alert">
        {messageOf(members.error)}
      </p>
    );
  }
  return (
    <div className="group-members">
      {listed.length === 0 ? (
        <p className="groups__empty">{GROUP_TEXT.noMembers}</p>
      ) : (
        <ul className="group-members__list" aria-label={M.members}>
          {listed.map((member) => (
            <li key={member.id} className="member-row">
              <Link to="/profile/$username" params={{ username: member.username }} className="member-row__profile">
                <Avatar name={member.profileName} imageUrl={member.avatarUrl} size={40} />
                <span className="member-row__names">
                  <span className="member-row__name">{member.profileName}</span>
                  <span className="member-row__username">@{member.username}</span>
                </span>
              </Link>
              {member.role === 'owner' && <span className="group-badge group-badge--owner">{M.owner}</span>}
              {group.role === 'owner' && member.role !== 'owner' && (
                <button
                  type="button"
                  className="button button--secondary member-row__action"
                  aria-label={GROUP_TEXT.removeMemberLabel(member.profileName)}
                  disabled={removingId !== null}
                  onClick={() => void remove(member)}
                >
                  {M.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={members} label={GROUP_TEXT.loadMoreMembers} className="groups__more" />
    </div>
  );
}
