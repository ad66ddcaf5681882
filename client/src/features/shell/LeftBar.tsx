import { TEXT } from '../../app/messages';
import { NavLinks } from './NavLinks';

export function LeftBar() {
  return (
    <aside className="left-bar">
      <nav aria-label={TEXT.navigationLabel}>
        <NavLinks />
      </nav>
    </aside>
  );
}
