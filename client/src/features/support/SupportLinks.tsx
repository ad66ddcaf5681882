import { CONTACT_MESSAGES, CONTACT_PATH, FAQ_MESSAGES, FAQ_PATH, PRICING_MESSAGES, PRICING_PATH } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import './support.css';

/** The footer's links to the support pages. */
export function SupportLinks() {
  return (
    <nav className="support-links" aria-label="Destek">
      <Link to={PRICING_PATH} className="support-links__link">
        {PRICING_MESSAGES.link}
      </Link>
      <Link to={FAQ_PATH} className="support-links__link">
        {FAQ_MESSAGES.link}
      </Link>
      <Link to={CONTACT_PATH} className="support-links__link">
        {CONTACT_MESSAGES.link}
      </Link>
    </nav>
  );
}
