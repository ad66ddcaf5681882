import { BADGE_MESSAGES as M, BADGE_RULES, type MemberBadge, type PublicProfile } from '@seyirlik/shared-contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { Loading } from '../../ui/Loading';
import { useFailureToast } from '../session/useFailureToast';
import { fetchMemberBadges } from './badgesApi';
import './badges.css';

function BadgeItem({ badge }: { badge: MemberBadge }) {
  const rule = BADGE_RULES[badge.badge];
  return (
    <li className="member-badge">
      <span className="member-badge__icon" aria-hidden="true">
        {rule.icon}
      </span>
      <div className="member-badge__body">
        <h3 className="member-badge__name">{rule.name}</h3>
        <p className="member-badge__description">{rule.description}</p>
        <time className="member-badge__time" dateTime={badge.awardedAt}>
          {M.awardedAt(formatLongDate(badge.awardedAt))}
        </time>
      </div>
    </li>
  );
}

/**
 * The badges tab of /profile/{username}: the member's badges, newest first, a page more per click
 * of "Daha fazla rozet yükle". A page that fails to load shows why and the button goes (seed §8).
 */
export function MemberBadgesPane({ profile }: { profile: PublicProfile }) {
  const showFailure = useFailureToast();
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const memberBadges = useInfiniteQuery({
    queryKey: ['memberBadges', profile.username],
    queryFn: ({ pageParam }) => fetchMemberBadges(profile.username, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((page) => page.badges),
  });

  const badges = memberBadges.data;
  if (!badges) return memberBadges.isError ? <p role="alert">{messageOf(memberBadges.error)}</p> : <Loading />;
  if (badges.length === 0) return <p className="profile__empty">{M.empty}</p>;

  const loadMore = () =>
    void memberBadges.fetchNextPage({ throwOnError: true }).catch((error: unknown) => {
      setLoadMoreFailed(true);
      showFailure(error);
    });

  return (
    <div className="member-badges-pane">
      <ul className="member-badges" aria-label={M.heading}>
        {badges.map((badge) => (
          <BadgeItem key={badge.badge} badge={badge} />
        ))}
      </ul>
      {memberBadges.hasNextPage && !loadMoreFailed ? (
        <button type="button" className="button button--secondary member-badges__more" disabled={memberBadges.isFetchingNextPage} onClick={loadMore}>
          {M.loadMore}
        </button>
      ) : null}
    </div>
  );
}
