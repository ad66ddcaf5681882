import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { HomeIcon } from '../../ui/icons';

/** The site's sections. Only pages that exist are listed; each feature adds its own entry. */
const NAV_ITEMS = [{ to: '/', label: TEXT.nav.home, Icon: HomeIcon }] as const;

export function NavLinks() {
  return (
    <ul className="nav-links">
      {NAV_ITEMS.map(({ to, label, Icon }) => (
        <li key={to}>
          <Link to={to} className="nav-links__link" activeOptions={{ exact: true }}>
            <Icon className="nav-links__icon" />
            <span>{label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
