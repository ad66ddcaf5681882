import { createServer, type Server } from 'node:http';
import { ACCOUNT_MESSAGES as M, CONTACT_MESSAGES } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { buildMember, visitorAgent } from '../factories/members';
import { freePort } from '../support/redis-server';
import { startTestApp, type TestApp } from '../support/test-app';

/** A reCAPTCHA-compatible verifier on loopback: the token "good" passes, anything else fails. */
async function startVerifier(): Promise<{ server: Server; url: string; seen: URLSearchParams[] }> {
  const seen: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'good';
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ success, score: 0.9 }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolveListen) => server.listen(port, '127.0.0.1', resolveListen));
  return { server, url: `http://127.0.0.1:${port}/siteverify`, seen };
}

describe('bot check', () => {
  let verifier: Awaited<ReturnType<typeof startVerifier>>;
  let sut: TestApp;

  beforeAll(async () => {
    verifier = await startVerifier();
    sut = await startTestApp({
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_VERIFY_URL: verifier.url,
      TRUST_PROXY: 'true',
    });
  });

  afterAll(async () => {
    await sut.close();
    verifier.server.close();
  });

  it('hands the site key to the client', async () => {
    const session = await visitorAgent(sut.baseUrl).get('/api/auth/session');
    expect(session.body).toEqual({ user: null, recaptchaSiteKey: 'site-key-123' });
  });

  it.each([
    ['without a token', {}],
    ['with a failing token', { recaptcha_response_field: 'bad' }],
  ])('refuses a registration %s', async (_case, token) => {
    const member = buildMember();
    const response = await visitorAgent(sut.baseUrl)
      .post('/auth/register')
      .type('form')
      .send({ ...member, passwordAgain: member.password, ...token });

    expect(response.body).toEqual({ success: false, error: true, message: M.botCheckFailed });
  });

  it('lets a verified registration, login and reset request through, sending the secret and the token', async () => {
    const member = buildMember();
    const agent = visitorAgent(sut.baseUrl);

    const registered = await agent.post('/auth/register').type('form').send({ ...member, passwordAgain: member.password, recaptcha_response_field: 'good' });
    const loggedIn = await agent.post('/auth/login').type('form').send({ username: member.username, password: member.password, recaptcha_response_field: 'good' });
    const forgot = await agent.post('/auth/forgot-password').type('form').send({ email: member.emailAddress, recaptcha_response_field: 'good' });

    expect([registered.body.success, loggedIn.body.success, forgot.body.success]).toEqual([true, true, true]);
    expect(verifier.seen.at(-1)?.get('secret')).toBe('test-secret');
    expect(verifier.seen.at(-1)?.get('response')).toBe('good');
  });

  describe('the contact form', () => {
    const contact = { name: 'Ayşe', email: 'ayse@example.com', subject: 'Soru', message: 'Merhaba.' };
    const stored = async () =>
      (await sut.server.app.get(DataSource).query('SELECT (SELECT count(*) FROM contact_message)::int AS messages, (SELECT count(*) FROM mail_outbox)::int AS mails'))[0];

    it.each([
      ['without a token', {}],
      ['with a failing token', { recaptcha_response_field: 'bad' }],
    ])('refuses a message %s, storing and mailing nothing', async (_case, token) => {
      const before = await stored();

      const legacy = await visitorAgent(sut.baseUrl).post('/send/contact').type('form').send({ ...contact, ...token });
      const json = await visitorAgent(sut.baseUrl).post('/api/contact').send({ ...contact, ...token });

      expect(legacy.body).toEqual({ success: false, error: true, message: M.botCheckFailed });
      expect([json.status, json.body.message]).toEqual([400, M.botCheckFailed]);
      expect(await stored()).toEqual(before);
    });

    it('lets a verified message through', async () => {
      const before = await stored();

      const response = await visitorAgent(sut.baseUrl).post('/send/contact').type('form').send({ ...contact, recaptcha_response_field: 'good' });

      expect(response.body).toEqual({ success: true, message: CONTACT_MESSAGES.sent });
      expect(await stored()).toEqual({ messages: before.messages + 1, mails: before.mails + 1 });
    });
  });
});
