import { CONTACT_MESSAGES as M, CONTACT_RULES, MESSAGES, type PricingInfo } from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { visitorAgent } from '../factories/members';
import { signedInMember, type SignedInMember } from '../factories/rooms';
import { startTestApp, type TestApp } from '../support/test-app';

const OPERATOR = 'operator@seyirlik.test';
const MARKUP = '<script>alert("x")</script><b>kalın</b> & "tırnak"';

describe('contact and pricing', () => {
  let sut: TestApp;
  let db: DataSource;
  let member: SignedInMember;

  const contactFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
    name: 'Ayşe Yılmaz',
    email: 'ayse@example.com',
    subject: 'Bölüm açılmıyor',
    message: 'Merhaba,\nDün akşamki bölüm açılmadı.',
    ...overrides,
  });

  /** Everything a contact message could change: the message, its mail and the mail's job. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM contact_message)::int AS messages,
                             (SELECT count(*) FROM mail_outbox)::int AS mails,
                             (SELECT count(*) FROM outbox_message WHERE name = 'mail.deliver')::int AS jobs`)
    )[0] as Record<string, number>;

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  const newestContact = async () =>
    (
      await db.query(
        `SELECT c.user_id, c.name, c.email, c.subject, c.message, m.recipient, m.subject AS mail_subject, m.text_body, m.html_body,
                (SELECT count(*)::int FROM outbox_message o WHERE o.name = 'mail.deliver' AND o.payload->>'outboxId' = m.id::text) AS jobs
         FROM contact_message c JOIN mail_outbox m ON m.id = c.mail_outbox_id ORDER BY c.id DESC LIMIT 1`,
      )
    )[0] as Record<string, string | number | null>;

  beforeAll(async () => {
    sut = await startTestApp({
      TRUST_PROXY: 'true',
      CONTACT_EMAIL: OPERATOR,
      PRICING_PLANS: JSON.stringify({
        currency: 'TRY',
        plans: [{ id: 'temel', name: 'Temel', description: 'Reklamsız izleyin.', monthly: 39.9, annual: 399, features: ['Reklamsız'] }],
      }),
    });
    db = sut.server.app.get(DataSource);
    member = await signedInMember(sut.baseUrl);
  });

  afterAll(() => sut.close());

  describe('the contact form', () => {
    it('stores a visitor message and queues its plain-text mail to the operator (JSON API)', async () => {
      const response = await visitorAgent(sut.baseUrl).post('/api/contact').send(contactFields());

      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: M.sent });
      const stored = await newestContact();
      expect(stored).toMatchObject({
        user_id: null,
        name: 'Ayşe Yılmaz',
        email: 'ayse@example.com',
        subject: 'Bölüm açılmıyor',
        message: 'Merhaba,\nDün akşamki bölüm açılmadı.',
        recipient: OPERATOR,
        mail_subject: 'İletişim formu: Bölüm açılmıyor',
        jobs: 1,
      });
      expect(stored.text_body).toContain('Gönderen: Ayşe Yılmaz <ayse@example.com>');
      expect(stored.text_body).toContain('Dün akşamki bölüm açılmadı.');
    });

    it('answers the legacy /send/contact form, naming the member who sent it', async () => {
      const response = await member.agent.post('/send/contact').type('form').send(contactFields({ subject: 'Öneri' }));

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: M.sent });
      const stored = await newestContact();
      expect(stored).toMatchObject({ user_id: member.userId, subject: 'Öneri', recipient: OPERATOR, jobs: 1 });
      expect(stored.text_body).toContain(`(üye: ${member.username})`);
    });

    it('keeps markup in every field as text and escapes it in the mail', async () => {
      const fields = contactFields({ name: MARKUP, subject: MARKUP, message: MARKUP, email: 'x<b>@example.com' });
      const response = await visitorAgent(sut.baseUrl).post('/send/contact').type('form').send(fields);

      expect(response.body).toEqual({ success: true, message: M.sent });
      const stored = await newestContact();
      expect([stored.name, stored.subject, stored.message, stored.email]).toEqual([MARKUP, MARKUP, MARKUP, 'x<b>@example.com']);
      expect(stored.text_body).toContain(MARKUP);
      expect(stored.html_body).not.toMatch(/<script|<b>/);
      expect(stored.html_body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;kalın&lt;/b&gt; &amp; &quot;tırnak&quot;');
    });

    it.each(['name', 'email', 'subject', 'message'])('refuses a message without %s, changing nothing', async (field) => {
      const missing = contactFields();
      delete missing[field];
      const blank = contactFields({ [field]: '   ' });

      const json = await unchanged(() => visitorAgent(sut.baseUrl).post('/api/contact').send(missing));
      const legacy = await unchanged(() => visitorAgent(sut.baseUrl).post('/send/contact').type('form').send(blank));

      expect([json.status, json.body.message]).toEqual([400, M.allFields]);
      expect(legacy.body).toEqual({ success: false, error: true, message: M.allFields });
    });

    it('refuses an empty form with the seed text', async () => {
      const response = await unchanged(() => visitorAgent(sut.baseUrl).post('/send/contact').type('form').send({}));

      expect(response.body).toEqual({ success: false, error: true, message: 'Lütfen tüm alanları doldurunuz.' });
    });

    it.each(['ayse', 'ayse@', 'ayse@example', 'a yse@example.com'])('refuses the e-mail address %p, changing nothing', async (email) => {
      const response = await unchanged(() => visitorAgent(sut.baseUrl).post('/api/contact').send(contactFields({ email })));

      expect([response.status, response.body.message]).toEqual([400, M.emailInvalid]);
    });

    it('refuses texts over their limits and non-text fields, changing nothing', async () => {
      const tooLong = await unchanged(() =>
        visitorAgent(sut.baseUrl)
          .post('/api/contact')
          .send(contactFields({ message: 'a'.repeat(CONTACT_RULES.messageMaxLength + 1) })),
      );
      const huge = await unchanged(() => visitorAgent(sut.baseUrl).post('/api/contact').send(contactFields({ subject: 'a'.repeat(100_000) })));
      const notText = await unchanged(() => visitorAgent(sut.baseUrl).post('/api/contact').send({ ...contactFields(), name: ['a', 'b'] }));

      expect([tooLong.status, tooLong.body.message]).toEqual([400, M.messageTooLong]);
      expect([huge.status, huge.body.message]).toEqual([400, M.subjectTooLong]);
      expect([notText.status, notText.body.message]).toEqual([400, M.allFields]);
    });

    it('answers a flood from one address 429 in Turkish, storing nothing more', async () => {
      const flooder = visitorAgent(sut.baseUrl);
      for (let sent = 0; sent < CONTACT_RULES.rateLimit.points; sent += 1) {
        expect((await flooder.post('/api/contact').send(contactFields())).status).toBe(201);
      }

      const json = await unchanged(() => flooder.post('/api/contact').send(contactFields()));
      const legacy = await unchanged(() => flooder.post('/send/contact').type('form').send(contactFields()));

      expect([json.status, json.body.message]).toEqual([429, MESSAGES.tooManyRequests]);
      expect([legacy.status, legacy.body]).toEqual([429, { success: false, error: true, message: MESSAGES.tooManyRequests }]);
      expect((await visitorAgent(sut.baseUrl).post('/api/contact').send(contactFields())).status).toBe(201);
    });
  });

  describe('pricing', () => {
    it('serves the plans and amounts of PRICING_PLANS', async () => {
      const response = await visitorAgent(sut.baseUrl).get('/api/pricing');

      expect(response.status).toBe(200);
      expect(response.body as PricingInfo).toEqual({
        currency: 'TRY',
        plans: [{ id: 'temel', name: 'Temel', description: 'Reklamsız izleyin.', monthly: 39.9, annual: 399, features: ['Reklamsız'], highlighted: false }],
      });
    });
  });
});
