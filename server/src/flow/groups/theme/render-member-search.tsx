import { GROUP_MESSAGES as M, profilePath, type GroupMemberSearchResult } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';

/** One member found: `data-username` is what the add button sends; a member already in the group shows "Eklendi". */
function MemberSearchItem({ member }: { member: GroupMemberSearchResult['members'][number] }) {
  return (
    <li className="group-member-search__item" data-user-id={member.id} data-username={member.username}>
      <a className="group-member-search__member" href={profilePath(member.username)}>
        {member.avatarUrl ? <img className="group-member-search__avatar" src={member.avatarUrl} alt="" width={32} height={32} loading="lazy" /> : null}
        <span className="group-member-search__name">{member.profileName}</span>
        <span className="group-member-search__username">@{member.username}</span>
      </a>
      {member.inGroup ? (
        <button type="button" className="group-member-search__add is-added" disabled>
          {M.added}
        </button>
      ) : (
        <button type="button" className="group-member-search__add" data-username={member.username}>
          {M.add}
        </button>
      )}
    </li>
  );
}

/** The `theme` of `/user/search`: the members found, rendered by React so every name is escaped. */
export function renderMemberSearch(result: GroupMemberSearchResult): string {
  if (result.members.length === 0) return renderToStaticMarkup(<p className="group-member-search__empty">{M.memberSearchEmpty}</p>);
  return renderToStaticMarkup(
    <ul className="group-member-search">
      {result.members.map((member) => (
        <MemberSearchItem key={member.id} member={member} />
      ))}
    </ul>,
  );
}
