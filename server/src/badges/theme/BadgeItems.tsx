import { BADGE_MESSAGES as M, BADGE_RULES, type MemberBadge } from '@seyirlik/shared-contracts';

/** Badges are stamped with the date in Türkiye, where the site's audience is. */
const day = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeZone: 'Europe/Istanbul' });

/** One badge: its icon, name, description and the date it was awarded. */
function BadgeItem({ badge }: { badge: MemberBadge }) {
  const rule = BADGE_RULES[badge.badge];
  return (
    <li className="badge" data-badge={badge.badge}>
      <span className="badge__icon" aria-hidden="true">
        {rule.icon}
      </span>
      <strong className="badge__name">{rule.name}</strong>
      <span className="badge__description">{rule.description}</span>
      <time className="badge__time" dateTime={badge.awardedAt}>
        {M.awardedAt(day.format(new Date(badge.awardedAt)))}
      </time>
    </li>
  );
}

/** A page of a member's badges as legacy clients append them to their list, newest first. */
export function BadgeItems({ badges }: { badges: MemberBadge[] }) {
  return (
    <>
      {badges.map((badge) => (
        <BadgeItem key={badge.badge} badge={badge} />
      ))}
    </>
  );
}
