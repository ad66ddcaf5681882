/** What other features use of mail: sending one (kept in the outbox, then sent by a job). */
export { MailService } from './mail.service';
