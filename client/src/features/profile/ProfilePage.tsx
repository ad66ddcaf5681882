import { BADGE_MESSAGES, BADGES_TAB, COLLECTION_MESSAGES, COLLECTIONS_TAB, type PublicProfile } from '@seyirlik/shared-contracts';
import { Link, useLocation } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { TEXT } from '../../app/messages';
import { formatLongDate } from '../../lib/format';
import { Avatar } from '../../ui/Avatar';
import { CalendarIcon, LinkIcon, MapPinIcon, SettingsIcon } from '../../ui/icons';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { MemberBadgesPane } from '../badges/MemberBadgesPane';
import { MemberCollectionsPane } from '../collections/MemberCollectionsPane';
import { MemberCommentsPane } from '../comments/MemberCommentsPane';
import { COMMENT_TEXT } from '../comments/texts';
import { ProfileMessageActions } from '../messages/ProfileMessageActions';
import { useSessionUser } from '../session/session';
import { socialLinksOf } from './socialLinks';
import './profile.css';

/**
 * The profile's tabs. Collections, favourites and watched lists come with their features, each as
 * one more entry here.
 */
const PROFILE_TABS: readonly {
  id: string;
  label: string;
  Pane: ComponentType<{ profile: PublicProfile }>;
}[] = [
  { id: 'about', label: TEXT.profile.aboutTab, Pane: AboutPane },
  { id: 'comments', label: COMMENT_TEXT.profileTab, Pane: MemberCommentsPane },
  { id: BADGES_TAB, label: BADGE_MESSAGES.tab, Pane: MemberBadgesPane },
  { id: COLLECTIONS_TAB, label: COLLECTION_MESSAGES.profileTab, Pane: MemberCollectionsPane },
];

/**
 * /profile/{username}: the member's card and their tabs. All of it is text the member wrote, rendered as text.
 * The address's hash opens a tab by its id (`#rozetler`, where a badge's notification leads).
 */
export function ProfilePage({ profile }: { profile: PublicProfile }) {
  const viewer = useSessionUser();
  const hash = useLocation({ select: (location) => location.hash });
  const isOwn = viewer?.username.toLowerCase() === profile.username.toLowerCase();
  const tabs: TabItem[] = PROFILE_TABS.map(({ id, label, Pane }) => ({
    id,
    label,
    render: () => <Pane profile={profile} />,
  }));
  const social = socialLinksOf(profile);

  return (
    <article className="profile">
      <header className="profile__card">
        <Avatar
          name={profile.profileName}
          imageUrl={profile.avatarUrl}
          size={112}
          className="profile__avatar"
        />
        <div className="profile__identity">
          <h1 className="profile__name">{profile.profileName}</h1>
          <p className="profile__username">@{profile.username}</p>
          <ul className="profile__facts">
            {profile.country && (
              <li>
                <MapPinIcon width={16} height={16} />
                <span className="visually-hidden">{TEXT.fields.country}: </span>
                {profile.country}
              </li>
            )}
            <li>
              <CalendarIcon width={16} height={16} />
              <time dateTime={profile.joinedAt}>
                {TEXT.profile.joinedAt(formatLongDate(profile.joinedAt))}
              </time>
            </li>
          </ul>
          {social.length > 0 && (
            <ul className="profile__social" aria-label={TEXT.profile.socialLabel}>
              {social.map(({ network, label, handle, href }) => (
                <li key={network}>
                  <a
                    className="profile__social-link"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <LinkIcon width={14} height={14} />
                    <span>
                      {label}: {handle}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {viewer && !isOwn && <ProfileMessageActions userId={viewer.id} profile={profile} />}
        {isOwn && (
          <Link to="/ayarlar" className="button button--secondary profile__edit">
            <SettingsIcon width={16} height={16} />
            <span>{TEXT.profile.editProfile}</span>
          </Link>
        )}
      </header>
      <Tabs key={hash} label={TEXT.profile.tabsLabel} tabs={tabs} initialId={hash || undefined} />
    </article>
  );
}

function AboutPane({ profile }: { profile: PublicProfile }) {
  return profile.about ? (
    <p className="profile__about">{profile.about}</p>
  ) : (
    <p className="profile__empty">{TEXT.profile.noAbout}</p>
  );
}
