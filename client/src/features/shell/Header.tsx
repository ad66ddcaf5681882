import { MessagesLink } from '../messages/MessagesLink';
import { NotificationBell } from '../notifications/NotificationBell';
import { SearchBox } from '../search/SearchBox';
import { HeaderAccount } from '../session/HeaderAccount';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';

export function Header() {
  return (
    <header className="header">
      <MobileMenu />
      <Logo />
      <SearchBox className="header__search" />
      <div className="header__account">
        <MessagesLink />
        <NotificationBell />
        <HeaderAccount />
      </div>
    </header>
  );
}
