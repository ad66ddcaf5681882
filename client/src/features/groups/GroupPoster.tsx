import type { GroupCard } from '@seyirlik/shared-contracts';
import { groupInitial } from './groupState';

/** A group's poster, or a drawn square with its initial when it has none (or it is being processed). Decorative: the name is written beside it. */
export function GroupPoster({ group, className }: { group: Pick<GroupCard, 'name' | 'posterUrl' | 'id'>; className?: string }) {
  const classes = className ? `group-poster ${className}` : 'group-poster';
  if (group.posterUrl) return <img className={classes} src={group.posterUrl} alt="" loading="lazy" />;
  return (
    <span className={`${classes} group-poster--drawn group-poster--tone-${group.id % 4}`} aria-hidden="true">
      {groupInitial(group.name)}
    </span>
  );
}
