import type { ContactMessage } from '@seyirlik/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';

/** Who sent a contact message, as the operator's mail names them. */
export interface ContactSender {
  /** The member's username, when logged in. */
  username: string | null;
}

const SUBJECT_PREFIX = 'İletişim formu: ';

function ContactMailBody({ contact, sender }: { contact: ContactMessage; sender: ContactSender }) {
  return (
    <div>
      <p>
        <strong>Gönderen:</strong> {contact.name} &lt;{contact.email}&gt;
        {sender.username && ` (üye: ${sender.username})`}
      </p>
      <p>
        <strong>Konu:</strong> {contact.subject}
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{contact.message}</p>
    </div>
  );
}

/**
 * The operator's mail about a contact message: plain text, and HTML rendered by React, so every
 * text the sender wrote is escaped. The subject is one line (the schema already made it one).
 */
export function contactMail(contact: ContactMessage, sender: ContactSender): { subject: string; text: string; html: string } {
  const from = `${contact.name} <${contact.email}>${sender.username ? ` (üye: ${sender.username})` : ''}`;
  return {
    subject: `${SUBJECT_PREFIX}${contact.subject}`,
    text: `Gönderen: ${from}\nKonu: ${contact.subject}\n\n${contact.message}\n`,
    html: renderToStaticMarkup(<ContactMailBody contact={contact} sender={sender} />),
  };
}
