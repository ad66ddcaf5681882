import { GROUP_MESSAGES as M, GROUP_SOCIAL_LINKS, GROUP_SOCIALS, type GroupView } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar } from '../../ui/Avatar';
import { LinkIcon } from '../../ui/icons';
import { GroupPoster } from './GroupPoster';
import { GROUP_TEXT } from './texts';

/** Links that leave the site: a new tab, no referrer, and no endorsement of a member-given address. */
const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

const isWebAddress = (address: string) => /^https?:\/\//i.test(address);

/** The group's website and social accounts, as outside links. */
export function GroupLinks({ group }: { group: GroupView }) {
  const socials = GROUP_SOCIALS.flatMap((social) => {
    const name = group.socials[social];
    return name ? [{ social, name }] : [];
  });
  if (!group.website && socials.length === 0) return null;
  return (
    <ul className="group-links">
      {group.website && isWebAddress(group.website) && (
        <li>
          <a className="group-links__link" href={group.website} {...EXTERNAL}>
            <LinkIcon width={16} height={16} />
            <span>{new URL(group.website).hostname}</span>
          </a>
        </li>
      )}
      {socials.map(({ social, name }) => (
        <li key={social}>
          <a className="group-links__link" href={GROUP_SOCIAL_LINKS[social].url(encodeURIComponent(name))} {...EXTERNAL}>
            {GROUP_SOCIAL_LINKS[social].label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top of a group's page: its cover (a drawn gradient when it has none), poster, name, tagline,
 * visibility, member count, links and owner, and the viewer's actions (`actions`).
 */
export function GroupHeader({ group, actions }: { group: GroupView; actions: ReactNode }) {
  return (
    <header className="group-header">
      {group.coverUrl ? (
        <img className="group-header__cover" src={group.coverUrl} alt="" />
      ) : (
        <div className={`group-header__cover group-header__cover--drawn group-header__cover--tone-${group.id % 4}`} aria-hidden="true" />
      )}
      <div className="group-header__main">
        <GroupPoster group={group} className="group-header__poster" />
        <div className="group-header__text">
          <h1 className="group-header__name">{group.name}</h1>
          {group.tagline && <p className="group-header__tagline">{group.tagline}</p>}
          <p className="group-header__meta">
            <span className={`group-badge group-badge--${group.visibility}`}>{M.visibility[group.visibility]}</span>
            <span>{M.memberCount(group.memberCount)}</span>
            {group.role === 'member' && <span className="group-badge group-badge--member">{M.member}</span>}
          </p>
          <p className="group-header__owner">
            <span>{GROUP_TEXT.ownerLabel}:</span>
            <Link to="/profile/$username" params={{ username: group.owner.username }} className="group-header__owner-link">
              <Avatar name={group.owner.profileName} imageUrl={group.owner.avatarUrl} size={24} />
              <span>{group.owner.profileName}</span>
            </Link>
          </p>
          <GroupLinks group={group} />
        </div>
        <div className="group-header__actions">{actions}</div>
      </div>
    </header>
  );
}
