import { GROUP_MESSAGES as M, type GroupCard } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { GroupPoster } from './GroupPoster';

/** A group in a list: its poster, name, tagline, visibility, member count and whether the viewer is in it, linking to its page. */
export function GroupCardLink({ group }: { group: GroupCard }) {
  return (
    <Link to="/grup/$slug" params={{ slug: group.slug }} className="group-card">
      <GroupPoster group={group} className="group-card__poster" />
      <span className="group-card__body">
        <span className="group-card__name">{group.name}</span>
        {group.tagline && <span className="group-card__tagline">{group.tagline}</span>}
        <span className="group-card__meta">
          <span className={`group-badge group-badge--${group.visibility}`}>{M.visibility[group.visibility]}</span>
          <span>{M.memberCount(group.memberCount)}</span>
          {group.member && <span className="group-badge group-badge--member">{M.member}</span>}
        </span>
      </span>
    </Link>
  );
}
