import { NOTIFICATION_MESSAGES } from '@seyirlik/shared-contracts';
import { Navigate } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { TEXT } from '../../app/messages';
import { Avatar } from '../../ui/Avatar';
import { Loading } from '../../ui/Loading';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { NotificationMutesForm } from '../notifications/NotificationMutesForm';
import { useSession } from '../session/session';
import { AvatarForm } from './AvatarForm';
import { PasswordForm } from './PasswordForm';
import { ProfileInfoForm } from './ProfileInfoForm';
import type { SettingsFormProps } from './settingsForm';
import { SocialLinksForm } from './SocialLinksForm';
import { useMyAccount } from './useMyAccount';
import './settings.css';

const SETTINGS_TABS: readonly {
  id: string;
  label: string;
  Form: ComponentType<SettingsFormProps>;
}[] = [
  { id: 'profile', label: TEXT.settings.profileTab, Form: ProfileInfoForm },
  { id: 'password', label: TEXT.settings.passwordTab, Form: PasswordForm },
  { id: 'social', label: TEXT.settings.socialTab, Form: SocialLinksForm },
  { id: 'avatar', label: TEXT.settings.avatarTab, Form: AvatarForm },
  { id: 'notifications', label: NOTIFICATION_MESSAGES.heading, Form: NotificationMutesForm },
];

/** /ayarlar, for members only: a visitor (or a member whose session ends here) goes to the login page and comes back. */
export function SettingsPage() {
  const { loaded, user } = useSession();
  if (!loaded) return <Loading />;
  if (!user) return <Navigate to="/giris-yap" search={{ redirect: '/ayarlar' }} replace />;
  // A different member logging in here gets their own settings, not the previous member's.
  return <MemberSettings key={user.id} />;
}

function MemberSettings() {
  const { state, retry, accountSaved } = useMyAccount();

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return (
      <section className="settings">
        <h1 className="settings__title">{TEXT.settings.title}</h1>
        <div className="settings__failed" role="alert">
          <p>{TEXT.settings.loadFailed}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {TEXT.retry}
          </button>
        </div>
      </section>
    );
  }

  const { account } = state;
  const tabs: TabItem[] = SETTINGS_TABS.map(({ id, label, Form }) => ({
    id,
    label,
    render: () => <Form account={account} onSaved={accountSaved} />,
  }));

  return (
    <section className="settings" aria-labelledby="settings-title">
      <header className="settings__header">
        <Avatar name={account.profileName} imageUrl={account.avatarUrl} size={56} />
        <div className="settings__identity">
          <h1 id="settings-title" className="settings__title">
            {TEXT.settings.title}
          </h1>
          <p className="settings__who">
            {account.profileName} · @{account.username}
          </p>
        </div>
      </header>
      <div className="settings__panel">
        <Tabs label={TEXT.settings.tabsLabel} tabs={tabs} />
      </div>
    </section>
  );
}
