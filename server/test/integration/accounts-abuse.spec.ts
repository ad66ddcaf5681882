import { ACCOUNT_MESSAGES as M, MESSAGES } from '@seyirlik/shared-contracts';
import { Client } from 'pg';
import { ACCOUNT_RATE_LIMITS } from '../../src/accounts/accounts.service';
import { PasswordHasher } from '../../src/accounts/password-hasher';
import { JOB_QUEUE, type JobQueue } from '../../src/platform/jobs/job-queue';
import { buildPng, buildTruncatedJpeg } from '../factories/images';
import { registerMember, visitorAgent } from '../factories/members';
import { startTestApp, type TestApp } from '../support/test-app';

/** Accounts under abuse: guessing, reset floods and broken uploads cost little, lock nobody out and leave nothing behind. */
describe('accounts under abuse', () => {
  let sut: TestApp;
  let db: Client;

  beforeAll(async () => {
    // Behind a proxy, so each simulated visitor can come from an address of its own.
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = new Client({ connectionString: sut.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await sut.close();
  });

  afterEach(() => jest.restoreAllMocks());

  const visitor = () => visitorAgent(sut.baseUrl);
  const count = async (table: string) => Number((await db.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
  const passwordHashOf = async (username: string) =>
    (await db.query('SELECT password_hash FROM app_user WHERE username = $1', [username])).rows[0].password_hash as string;
  const avatarOf = async (username: string) =>
    (await db.query('SELECT avatar_id FROM app_user WHERE username = $1', [username])).rows[0].avatar_id as string | null;

  describe('login guesses', () => {
    const guess = (agent: ReturnType<typeof visitor>, username: string, password = 'yanlis-parola') =>
      agent.post('/auth/login').type('form').send({ username, password });

    it('ten wrong guesses from one address do not stop the owner logging in from another', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const stranger = visitor();
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess(stranger, member.username)).status).toBe(401);

      const owner = await guess(visitor(), member.username, member.password);

      expect(owner.body).toEqual({ success: true, message: M.loginSucceeded });
    });

    it('counts guesses only: a member logs in more often than the limit from one address', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const household = visitor();
      const statuses: number[] = [];
      for (let login = 0; login < ACCOUNT_RATE_LIMITS.loginPerAccountAndIp.points + 5; login += 1) {
        statuses.push((await guess(household, member.username, member.password)).status);
      }
      const wrong = await guess(household, member.username);

      expect(statuses).toEqual(Array(ACCOUNT_RATE_LIMITS.loginPerAccountAndIp.points + 5).fill(200));
      expect(wrong.status).toBe(401);
    });

    it('limits guesses per account and address with a Turkish 429, even with the right password', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const stranger = visitor();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await guess(stranger, member.username)).status);

      const refused = await guess(stranger, member.username, member.password);

      expect(statuses).toEqual(Array(10).fill(401));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, error: true, message: MESSAGES.tooManyRequests });
      expect(refused.headers['set-cookie']).toBeUndefined();
    });

    it('counts guesses by user name and by e-mail address against the same account', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const stranger = visitor();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await guess(stranger, member.username.toUpperCase())).status);
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await guess(stranger, member.emailAddress.toUpperCase())).status);

      const byEmail = await guess(stranger, member.emailAddress, member.password);
      const byName = await guess(stranger, member.username, member.password);

      expect(statuses).toEqual(Array(10).fill(401));
      expect(byEmail.status).toBe(429);
      expect(byName.status).toBe(429);
    });

    it('still limits guesses at an unknown login per address', async () => {
      const stranger = visitor();
      for (let attempt = 0; attempt < 10; attempt += 1) await guess(stranger, 'Kimse_Yok_Ki');

      const refused = await guess(stranger, 'kimse_yok_ki');

      expect(refused.status).toBe(429);
    });

    it('keeps an account-wide ceiling of 100 guesses over many addresses', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const statuses: number[] = [];
      for (let address = 0; address < 10; address += 1) {
        const stranger = visitor();
        for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await guess(stranger, member.username)).status);
      }

      const owner = await guess(visitor(), member.emailAddress, member.password);

      expect(statuses).toEqual(Array(100).fill(401));
      expect(owner.status).toBe(429);
    });
  });

  describe('password change by reset link', () => {
    const mailedToken = async (email: string) => {
      await visitor().post('/api/auth/forgot-password').send({ email });
      const rows = (await db.query('SELECT text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email])).rows;
      return /token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)![1]!;
    };

    it('answers an unknown, expired or used token without hashing the new password', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const token = await mailedToken(member.emailAddress);
      const hash = jest.spyOn(sut.server.app.get(PasswordHasher), 'hash');
      const before = await passwordHashOf(member.username);

      const unknown = await visitor().post('/auth/change/password').type('form').send({ password: 'yepyeni-parola-1', token: 'x'.repeat(43) });
      await db.query(
        "UPDATE password_reset SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM app_user WHERE username = $1)",
        [member.username],
      );
      const expired = await visitor().post('/api/auth/reset-password').send({ password: 'yepyeni-parola-1', token });

      expect(unknown.body).toEqual({ success: false, error: true, message: M.resetTokenInvalid });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(M.resetTokenInvalid);
      expect(hash).not.toHaveBeenCalled();
      expect(await passwordHashOf(member.username)).toBe(before);
    });

    it('hashes the new password once for a good token', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const token = await mailedToken(member.emailAddress);
      const hash = jest.spyOn(sut.server.app.get(PasswordHasher), 'hash');

      const changed = await visitor().post('/auth/change/password').type('form').send({ password: 'yepyeni-parola-1', token });
      const reused = await visitor().post('/auth/change/password').type('form').send({ password: 'baska-parola-22', token });

      expect(changed.body).toEqual({ success: true, message: M.passwordChanged });
      expect(reused.body.message).toBe(M.resetTokenInvalid);
      expect(hash).toHaveBeenCalledTimes(1);
    });

    it('limits change attempts per address with a Turkish 429 that changes nothing', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const token = await mailedToken(member.emailAddress);
      const before = await passwordHashOf(member.username);
      const flooder = visitor();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 20; attempt += 1) {
        statuses.push((await flooder.post('/auth/change/password').type('form').send({ password: 'yepyeni-parola-1', token: `${attempt}`.padEnd(43, 'x') })).status);
      }

      const refused = await flooder.post('/auth/change/password').type('form').send({ password: 'yepyeni-parola-1', token });
      const elsewhere = await visitor().post('/api/auth/reset-password').send({ password: 'yepyeni-parola-1', token: 'y'.repeat(43) });

      expect(statuses).toEqual(Array(20).fill(400));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, error: true, message: MESSAGES.tooManyRequests });
      expect(await passwordHashOf(member.username)).toBe(before);
      expect(elsewhere.status).toBe(400);
    });
  });

  describe('avatar uploads', () => {
    it('refuses a truncated JPEG at once with a Turkish 400, storing nothing and keeping the avatar', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const first = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');
      const before = { uploads: await count('media_upload'), files: await count('media_file'), avatar: await avatarOf(member.username) };

      const startedAt = Date.now();
      const response = await agent.post('/user/set/avatar').attach('file', await buildTruncatedJpeg(), 'photo.jpg');
      const tookMs = Date.now() - startedAt;

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message: M.avatarUnreadable });
      expect(tookMs).toBeLessThan(3_000);
      expect({ uploads: await count('media_upload'), files: await count('media_file'), avatar: await avatarOf(member.username) }).toEqual(before);
      expect((await agent.get('/api/auth/session')).body.user.avatarUrl).toBe(first.body.image);
    });

    it('stores a good image end to end and leaves no upload behind', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);

      const response = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');

      expect(response.body).toMatchObject({ image: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.webp$/), message: M.avatarSaved });
      expect(response.body.account.avatarUrl).toBe(response.body.image);
      expect((await visitor().get(response.body.image)).status).toBe(200);
      const uploads = await db.query('SELECT 1 FROM media_upload m JOIN app_user u ON u.id = m.owner_id WHERE u.username = $1', [member.username]);
      expect(uploads.rowCount).toBe(0);
    });

    it('drops an upload whose job cannot decode it, without retrying', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const userId = (await db.query('SELECT id FROM app_user WHERE username = $1', [member.username])).rows[0].id as number;
      const uploadId = '00000000-0000-4000-8000-000000000001';
      await db.query('INSERT INTO media_upload (id, owner_id, bytes) VALUES ($1, $2, $3)', [uploadId, userId, await buildTruncatedJpeg()]);
      const filesBefore = await count('media_file');

      await sut.server.app.get<JobQueue>(JOB_QUEUE).enqueue('avatar.process', { uploadId, userId, mediaId: '00000000-0000-4000-8000-000000000002' });
      // The first retry would come after a second; the upload must be gone well before it.
      const deadline = Date.now() + 900;
      while (Date.now() < deadline && (await db.query('SELECT 1 FROM media_upload WHERE id = $1', [uploadId])).rowCount) {
        await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      }

      expect((await db.query('SELECT 1 FROM media_upload WHERE id = $1', [uploadId])).rowCount).toBe(0);
      expect(await count('media_file')).toBe(filesBefore);
      expect(await avatarOf(member.username)).toBeNull();
    });

    it('sweeps an upload abandoned for over an hour', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const userId = (await db.query('SELECT id FROM app_user WHERE username = $1', [member.username])).rows[0].id as number;
      const abandoned = '00000000-0000-4000-8000-000000000003';
      await db.query("INSERT INTO media_upload (id, owner_id, bytes, created_at) VALUES ($1, $2, $3, now() - interval '2 hours')", [
        abandoned,
        userId,
        await buildPng(),
      ]);

      await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');

      expect((await db.query('SELECT 1 FROM media_upload WHERE id = $1', [abandoned])).rowCount).toBe(0);
    });

    it('limits uploads per member with a Turkish 429 that changes nothing', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await agent.post('/user/set/avatar').attach('file', Buffer.from('resim değil'), 'a.png')).status);
      }
      const before = { uploads: await count('media_upload'), files: await count('media_file') };

      const refused = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');

      expect(statuses).toEqual(Array(10).fill(400));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MESSAGES.tooManyRequests);
      expect({ uploads: await count('media_upload'), files: await count('media_file') }).toEqual(before);
      expect(await avatarOf(member.username)).toBeNull();
      const otherMember = await (await registerMember(sut.baseUrl)).agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');
      expect(otherMember.status).toBe(200);
    });
  });
});
