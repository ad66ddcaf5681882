import { COLLECTION_MESSAGES, DISCUSSION_MESSAGES, FLOW_MESSAGES, GROUP_MESSAGES, REQUEST_MESSAGES } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { DISCOVER_TEXT, TEXT } from '../../app/messages';
import { CollectionsIcon, DiscussionsIcon, FlowIcon, GroupsIcon, HomeIcon, RequestsIcon, SearchIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { useSessionUser } from '../session/session';

/** The site's sections. Only pages that exist are listed; each feature adds its own entry. */
const NAV_ITEMS = [
  { to: '/', label: TEXT.nav.home, Icon: HomeIcon },
  { to: '/kesfet', label: DISCOVER_TEXT.nav, Icon: SearchIcon },
  { to: '/akis', label: FLOW_MESSAGES.heading, Icon: FlowIcon },
  { to: '/gruplar', label: GROUP_MESSAGES.heading, Icon: GroupsIcon },
  { to: '/tartismalar', label: DISCUSSION_MESSAGES.listTitle, Icon: DiscussionsIcon },
  { to: '/koleksiyonlar', label: COLLECTION_MESSAGES.heading, Icon: CollectionsIcon },
  { to: '/istekler', label: REQUEST_MESSAGES.heading, Icon: RequestsIcon },
] as const;

/** The sections, then the member's own pages when someone is logged in. */
export function NavLinks() {
  const user = useSessionUser();
  return (
    <ul className="nav-links">
      {NAV_ITEMS.map(({ to, label, Icon }) => (
        <li key={to}>
          <Link to={to} className="nav-links__link" activeOptions={{ exact: to === '/' }}>
            <Icon className="nav-links__icon" />
            <span>{label}</span>
          </Link>
        </li>
      ))}
      {user && (
        <>
          <li className="nav-links__separator" role="presentation" />
          <li>
            <Link
              to="/profile/$username"
              params={{ username: user.username }}
              className="nav-links__link"
            >
              <UserIcon className="nav-links__icon" />
              <span>{TEXT.myProfile}</span>
            </Link>
          </li>
          <li>
            <Link to="/ayarlar" className="nav-links__link">
              <SettingsIcon className="nav-links__icon" />
              <span>{TEXT.settings.title}</span>
            </Link>
          </li>
        </>
      )}
    </ul>
  );
}
