import { CONTACT_MESSAGES, CONTACT_PATH, FAQ_ENTRIES, FAQ_MESSAGES as M } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { FaqAccordion } from './FaqAccordion';
import './support.css';

/** /sss: the frequently asked questions, one answer open at a time. */
export function FaqPage() {
  return (
    <section className="support-page" aria-labelledby="faq-title">
      <header className="support-page__header">
        <h1 id="faq-title" className="support-page__title">
          {M.heading}
        </h1>
        <p className="support-page__intro">
          {M.intro}{' '}
          <Link to={CONTACT_PATH} className="text-link">
            {CONTACT_MESSAGES.link}
          </Link>
        </p>
      </header>
      <FaqAccordion entries={FAQ_ENTRIES} />
    </section>
  );
}
