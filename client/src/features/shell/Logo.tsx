import { Link } from '@tanstack/react-router';
import { TEXT } from '../../app/messages';
import { LogoMark } from '../../ui/icons';

export function Logo() {
  return (
    <Link to="/" className="logo">
      <LogoMark className="logo__mark" />
      <span className="logo__name">{TEXT.siteName}</span>
    </Link>
  );
}
