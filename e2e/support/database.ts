// Reads the embedded PostgreSQL of the site under test (started by start-server.mjs), for what
// a person would find in their mailbox: the server keeps mail in `mail_outbox` without SMTP_URL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

const dataDir = process.env.E2E_DATA_DIR ?? join(__dirname, '..', '..', '.test-output', 'e2e-data');

/** The embedded cluster's password file, and its port from line 4 of postmaster.pid. */
function connectionSettings() {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const pidLines = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pidLines[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`no port in postmaster.pid: ${pidLines[3]}`);
  return { host: '127.0.0.1', port, user: 'postgres', password, database: 'seyirlik' };
}

/** The embedded database's address, for a tool run beside the site (the catalog import CLI). */
export function databaseUrl(): string {
  const { host, port, user, password, database } = connectionSettings();
  return `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${database}`;
}

export interface OutboxMail {
  subject: string;
  textBody: string;
}

/** The newest mail written to `recipient`, or null when there is none yet. */
export async function newestMailTo(recipient: string): Promise<OutboxMail | null> {
  const client = new Client(connectionSettings());
  await client.connect();
  try {
    const { rows } = await client.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC LIMIT 1',
      [recipient],
    );
    const mail = rows[0];
    return mail ? { subject: mail.subject, textBody: mail.text_body } : null;
  } finally {
    await client.end();
  }
}
