import { TEXT } from '../../app/messages';
import { UserIcon } from '../../ui/icons';
import { SearchBox } from '../search/SearchBox';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';

export function Header() {
  return (
    <header className="header">
      <MobileMenu />
      <Logo />
      <SearchBox className="header__search" />
      {/* A plain link: /giris-yap is not a client route until accounts arrive, so it shows the 404 page. */}
      <a href="/giris-yap" className="button button--primary header__login">
        <UserIcon width={18} height={18} />
        <span>{TEXT.login}</span>
      </a>
    </header>
  );
}
