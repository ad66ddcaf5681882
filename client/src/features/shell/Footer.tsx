import { TEXT } from '../../app/messages';
import { SocketStatusIndicator } from '../realtime/SocketStatusIndicator';
import { SupportLinks } from '../support/SupportLinks';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__brand">
        <p className="footer__name">{TEXT.siteName}</p>
        <p className="footer__description">{TEXT.siteDescription}</p>
      </div>
      <SupportLinks />
      <div className="footer__meta">
        <SocketStatusIndicator />
        <p className="footer__copyright">{TEXT.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
