import { ACCOUNT_MESSAGES as M, MESSAGES } from '@seyirlik/shared-contracts';
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { buildPng } from '../factories/images';
import { buildMember, registerMember, visitorAgent } from '../factories/members';
import { startTestApp, type TestApp } from '../support/test-app';

describe('accounts', () => {
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

  const visitor = () => visitorAgent(sut.baseUrl);
  const countUsers = async () => Number((await db.query('SELECT count(*) FROM app_user')).rows[0].count);
  const sessionCookie = (response: request.Response) =>
    ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('sid='));

  describe('requires authentication', () => {
    it('answers a visitor’s legacy write with the session flag, and the JSON API with 401', async () => {
      const legacy = await visitor().post('/set/user/info').type('form').send({ profileName: 'x', emailAddress: 'x@example.com' });
      const json = await visitor().get('/api/me');
      const ajax = await visitor().post('/ajax/service').type('form').send({ type: 'addSocial', facebook: 'a', twitter: 'b', instagram: 'c' });

      expect(legacy.status).toBe(200);
      expect(legacy.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(json.status).toBe(401);
      expect(json.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
      expect(ajax.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    });
  });

  describe('register', () => {
    it('creates the member, logs them in with an HttpOnly SameSite=Lax session cookie that ends with the browser', async () => {
      const member = buildMember();
      const agent = visitor();

      const response = await agent.post('/auth/register').type('form').send({ ...member, passwordAgain: member.password });

      expect(response.body).toEqual({ success: true, message: M.registerSucceeded });
      const cookie = sessionCookie(response)!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Max-Age/);
      expect(cookie.split(';')[0]!.length).toBeGreaterThanOrEqual(4 + 43);
      const session = await agent.get('/api/auth/session');
      expect(session.body.user).toMatchObject({ username: member.username, profileName: member.username, avatarUrl: null });
    });

    it('stores only the argon2id hash of the password and the hash of the session token', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const row = (await db.query('SELECT password_hash FROM app_user WHERE username = $1', [member.username])).rows[0];
      const tokens = await db.query('SELECT token_hash FROM user_session s JOIN app_user u ON u.id = s.user_id WHERE u.username = $1', [member.username]);

      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(member.password);
      expect(tokens.rows[0].token_hash).toHaveLength(32);
    });

    it('works through the JSON API too', async () => {
      const member = buildMember();
      const response = await visitor().post('/api/auth/register').send({ ...member, passwordAgain: member.password });

      expect(response.status).toBe(200);
      expect(response.body.user.username).toBe(member.username);
    });

    const bad: Array<[string, (member: ReturnType<typeof buildMember>) => Record<string, unknown>, string]> = [
      ['missing fields', (m) => ({ username: m.username }), M.registerFieldsRequired],
      ['empty fields', () => ({ username: '', emailAddress: '', password: '', passwordAgain: '' }), M.registerFieldsRequired],
      ['a mismatched passwordAgain', (m) => ({ ...m, passwordAgain: `${m.password}x` }), M.passwordsDoNotMatch],
      ['an e-mail that is no address', (m) => ({ ...m, emailAddress: 'ayse-at-example', passwordAgain: m.password }), M.emailInvalid],
      ['a short password', (m) => ({ ...m, password: 'kisa1', passwordAgain: 'kisa1' }), M.passwordTooShort],
      ['a 200 KB password', (m) => ({ ...m, password: 'p'.repeat(200_000), passwordAgain: 'p'.repeat(200_000) }), M.passwordTooLong],
      ['a username with HTML', (m) => ({ ...m, username: '<script>x', passwordAgain: m.password }), M.usernameCharacters],
      ['a username with Turkish letters', (m) => ({ ...m, username: 'şükrü', passwordAgain: m.password }), M.usernameCharacters],
      ['a two-letter username', (m) => ({ ...m, username: 'ab', passwordAgain: m.password }), M.usernameLength],
      ['a reserved username', (m) => ({ ...m, username: 'Admin', passwordAgain: m.password }), M.usernameReserved],
      ['a NUL byte', (m) => ({ ...m, username: `ab\u0000cd`, passwordAgain: m.password }), M.invalidCharacters],
      ['the username as password', (m) => ({ ...m, password: `${m.username}`.padEnd(8, 'x'), username: `${m.username}`.padEnd(8, 'x'), passwordAgain: `${m.username}`.padEnd(8, 'x') }), M.passwordSameAsUsername],
    ];

    it.each(bad)('refuses %s with a Turkish message and creates nobody', async (_case, body, message) => {
      const before = await countUsers();
      const response = await visitor().post('/auth/register').type('form').send(body(buildMember()));

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message });
      expect(sessionCookie(response)).toBeUndefined();
      expect(await countUsers()).toBe(before);
    });

    it('refuses a 1 MB password before reading it', async () => {
      const member = buildMember();
      const response = await visitor()
        .post('/api/auth/register')
        .send({ ...member, password: 'p'.repeat(1024 * 1024), passwordAgain: 'p' });

      expect(response.status).toBe(413);
      expect(response.body.message).toBe(MESSAGES.bodyTooLarge);
    });

    it('refuses invalid UTF-8 in a JSON body', async () => {
      const member = buildMember();
      const json = Buffer.concat([
        Buffer.from(`{"username":"${member.username}","emailAddress":"${member.emailAddress}","password":"`),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(`abcdefgh","passwordAgain":"x"}`),
      ]);
      // Sent as raw bytes: a client library would re-encode a string.
      const response = await fetch(`${sut.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.254.0.1' },
        body: json,
      });

      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(M.invalidCharacters);
    });

    it('refuses a username or e-mail already taken in another case', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const before = await countUsers();

      const sameName = await visitor()
        .post('/auth/register')
        .type('form')
        .send({ ...buildMember({ username: member.username.toUpperCase() }), passwordAgain: 'x' })
        .send({ password: 'gizli-parola-1', passwordAgain: 'gizli-parola-1' });
      const sameEmail = await visitor()
        .post('/auth/register')
        .type('form')
        .send({ ...buildMember({ emailAddress: member.emailAddress.toUpperCase() }), password: 'gizli-parola-1', passwordAgain: 'gizli-parola-1' });

      expect(sameName.body).toEqual({ success: false, error: true, message: M.usernameTaken });
      expect(sameEmail.body).toEqual({ success: false, error: true, message: M.emailTaken });
      expect(await countUsers()).toBe(before);
    });

    it('refuses a state-changing request from another site', async () => {
      const before = await countUsers();
      const member = buildMember();
      const response = await visitor()
        .post('/auth/register')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ ...member, passwordAgain: member.password });

      expect(response.status).toBe(403);
      expect(response.body.message).toBe(MESSAGES.forbiddenOrigin);
      expect(await countUsers()).toBe(before);
    });
  });

  describe('login and logout', () => {
    it('logs in by user name or e-mail address in any case, with a new token every time', async () => {
      const { member } = await registerMember(sut.baseUrl);

      const byName = await visitor().post('/auth/login').type('form').send({ username: member.username.toUpperCase(), password: member.password, remember: '0' });
      const byEmail = await visitor().post('/api/auth/login').send({ username: member.emailAddress.toUpperCase(), password: member.password, remember: true });

      expect(byName.body).toEqual({ success: true, message: M.loginSucceeded });
      expect(byEmail.body.user.username).toBe(member.username);
      expect(sessionCookie(byName)).not.toEqual(sessionCookie(byEmail));
      expect(sessionCookie(byName)).not.toMatch(/Max-Age/);
      expect(sessionCookie(byEmail)).toMatch(/Max-Age=2592000/);
    });

    // Wrong credentials are an authentication failure (401); the legacy reply keeps the seed's error
    // shape, without the session flag (that one means "log in first"). Input refused before any
    // account is looked up (empty, or past the password's length limit) stays a bad request (400).
    it.each([
      ['a wrong password', (m: { username: string }) => ({ username: m.username, password: 'yanlis-parola' }), 401, M.invalidCredentials],
      ['an unknown member', () => ({ username: 'kimse_yok', password: 'yanlis-parola' }), 401, M.invalidCredentials],
      ['empty fields', () => ({ username: '', password: '' }), 400, M.loginFieldsRequired],
      ['a 1000-character password', (m: { username: string }) => ({ username: m.username, password: 'x'.repeat(1000) }), 400, M.invalidCredentials],
    ])('refuses %s without a session', async (_case, body, status, message) => {
      const { member } = await registerMember(sut.baseUrl);
      const response = await visitor().post('/auth/login').type('form').send(body(member));

      expect(response.status).toBe(status);
      expect(response.body).toEqual({ success: false, error: true, message });
      expect(sessionCookie(response)).toBeUndefined();
    });

    it('answers a wrong password on the JSON API with 401 and the same Turkish message, without a session', async () => {
      const { member } = await registerMember(sut.baseUrl);
      const agent = visitor();

      const response = await agent.post('/api/auth/login').send({ username: member.username, password: 'yanlis-parola' });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: M.invalidCredentials });
      expect(sessionCookie(response)).toBeUndefined();
      expect((await agent.get('/api/auth/session')).body.user).toBeNull();
    });

    it('ends the session at logout: the old cookie no longer works', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const cookie = (await agent.get('/api/auth/session')).request.cookies;

      const logout = await agent.post('/auth/logout');
      const replay = await visitor().get('/api/me').set('Cookie', cookie);
      const replayedWrite = await visitor().post('/set/user/info').set('Cookie', cookie).type('form').send({ profileName: 'x', emailAddress: 'x@example.com' });

      expect(logout.body).toEqual({ success: true, message: M.loggedOut });
      expect(sessionCookie(logout)).toMatch(/sid=;/);
      expect(replay.status).toBe(401);
      expect(replayedWrite.body.session).toBe(true);
    });

    it('logs out on the JSON API a page whose session already ended elsewhere, clearing its cookie', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const cookie = (await agent.get('/api/auth/session')).request.cookies;
      await agent.post('/api/auth/logout');

      const late = await visitor().post('/api/auth/logout').set('Cookie', cookie);

      expect(late.status).toBe(200);
      expect(late.body).toEqual({ message: M.loggedOut });
      expect(sessionCookie(late)).toMatch(/sid=;/);
      expect((await visitor().get('/api/auth/session').set('Cookie', cookie)).body.user).toBeNull();
    });
  });

  describe('forgot and change password', () => {
    const latestLink = async (email: string) => {
      const rows = (await db.query('SELECT text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email])).rows;
      return rows[0] ? /token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)?.[1] : undefined;
    };

    it('answers the same for a member and an unknown address, and mails a link only to the member', async () => {
      const { member } = await registerMember(sut.baseUrl);

      const known = await visitor().post('/auth/forgot-password').type('form').send({ email: member.emailAddress.toUpperCase() });
      const unknown = await visitor().post('/auth/forgot-password').type('form').send({ email: 'kimse@example.com' });

      expect(known.body).toEqual({ success: true, message: M.forgotPasswordSent });
      expect(unknown.body).toEqual(known.body);
      expect(await latestLink(member.emailAddress)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await latestLink('kimse@example.com')).toBeUndefined();
    });

    it('changes the password with the mailed token once, and ends every session', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      await visitor().post('/ajax/service').type('form').send({ type: 'forgot_pw', data: member.emailAddress });
      const token = (await latestLink(member.emailAddress))!;

      const changed = await visitor().post('/auth/change/password').type('form').send({ password: 'yepyeni-parola-1', token });
      const reused = await visitor().post('/auth/change/password').type('form').send({ password: 'baska-parola-22', token });

      expect(changed.body).toEqual({ success: true, message: M.passwordChanged });
      expect(reused.body).toEqual({ success: false, error: true, message: M.resetTokenInvalid });
      expect((await agent.get('/api/me')).status).toBe(401);
      const oldPassword = await visitor().post('/auth/login').type('form').send({ username: member.username, password: member.password });
      const newPassword = await visitor().post('/auth/login').type('form').send({ username: member.username, password: 'yepyeni-parola-1' });
      expect(oldPassword.body.message).toBe(M.invalidCredentials);
      expect(newPassword.body.success).toBe(true);
    });

    it('refuses an expired token and changes nothing', async () => {
      const { member } = await registerMember(sut.baseUrl);
      await visitor().post('/api/auth/forgot-password').send({ email: member.emailAddress });
      const token = (await latestLink(member.emailAddress))!;
      await db.query("UPDATE password_reset SET expires_at = now() - interval '1 minute'");

      const response = await visitor().post('/api/auth/reset-password').send({ password: 'yepyeni-parola-1', token });

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(M.resetTokenInvalid);
      const login = await visitor().post('/auth/login').type('form').send({ username: member.username, password: member.password });
      expect(login.body.success).toBe(true);
    });

    it.each([
      [{ email: '' }, M.forgotPasswordEmailRequired],
      [{ email: 'not-an-address' }, M.emailInvalid],
    ])('refuses the forgot form %p', async (body, message) => {
      const response = await visitor().post('/auth/forgot-password').type('form').send(body);
      expect(response.body).toEqual({ success: false, error: true, message });
    });

    it.each([
      [{ password: 'yepyeni-parola-1' }, M.resetFieldsRequired],
      [{ password: 'yepyeni-parola-1', token: 'short' }, M.resetTokenInvalid],
      [{ password: 'kisa', token: 'x'.repeat(43) }, M.passwordTooShort],
      [{ password: 'yepyeni-parola-1', passwordAgain: 'yepyeni-parola-2', token: 'x'.repeat(43) }, M.passwordsDoNotMatch],
    ])('refuses the change form %p', async (body, message) => {
      const response = await visitor().post('/auth/change/password').type('form').send(body);
      expect(response.body).toEqual({ success: false, error: true, message });
    });
  });

  describe('profile and settings', () => {
    it('saves the profile info; HTML is kept as text, never interpreted', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const response = await agent
        .post('/set/user/info')
        .type('form')
        .send({ profileName: '<img src=x onerror=alert(1)>', emailAddress: member.emailAddress, about: 'Dizi sever.\n<script>alert(1)</script>', country: 'Türkiye' });

      expect(response.body).toEqual({ success: true, message: M.profileSaved });
      const profile = await visitor().get(`/api/users/${member.username.toUpperCase()}`);
      expect(profile.headers['content-type']).toMatch(/application\/json/);
      expect(profile.body).toMatchObject({
        username: member.username,
        profileName: '<img src=x onerror=alert(1)>',
        about: 'Dizi sever.\n<script>alert(1)</script>',
        country: 'Türkiye',
      });
    });

    it.each([
      [{ profileName: '', emailAddress: 'a@example.com' }, 'Lütfen gerekli alanları boş bırakmayınız !'],
      [{ profileName: 'Ayşe' }, 'Lütfen gerekli alanları boş bırakmayınız !'],
      [{ profileName: 'Ayşe', emailAddress: 'nope' }, M.emailInvalid],
      [{ profileName: 'A'.repeat(51), emailAddress: 'a@example.com' }, M.textTooLong],
      [{ profileName: 'Ay\u0000şe', emailAddress: 'a@example.com' }, M.invalidCharacters],
    ])('refuses the profile %p and keeps it as it was', async (body, message) => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const response = await agent.post('/set/user/info').type('form').send(body);

      expect(response.body).toEqual({ success: false, error: true, message });
      const profile = await visitor().get(`/api/users/${member.username}`);
      expect(profile.body.profileName).toBe(member.username);
    });

    it('refuses an e-mail address another member has', async () => {
      const first = await registerMember(sut.baseUrl);
      const { agent } = await registerMember(sut.baseUrl);

      const response = await agent.patch('/api/me/profile').send({ profileName: 'İkinci', emailAddress: first.member.emailAddress.toUpperCase() });

      expect(response.status).toBe(409);
      expect(response.body.message).toBe(M.emailTaken);
    });

    it('answers 404 in Turkish for an unknown profile', async () => {
      const response = await visitor().get('/api/users/kimse_yok_burada');
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(M.profileNotFound);
    });

    it('changes the password from the settings, ending the other sessions but not this one', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const otherDevice = visitor();
      await otherDevice.post('/auth/login').type('form').send({ username: member.username, password: member.password });

      const wrong = await agent.post('/set/user/password').type('form').send({ currentPassword: 'yanlis', newPassword: 'yeni-parola-123', newPasswordAgain: 'yeni-parola-123' });
      const mismatch = await agent.post('/set/user/password').type('form').send({ currentPassword: member.password, newPassword: 'yeni-parola-123', newPasswordAgain: 'yeni-parola-124' });
      const changed = await agent.post('/set/user/password').type('form').send({ currentPassword: member.password, newPassword: 'yeni-parola-123', newPasswordAgain: 'yeni-parola-123' });

      expect(wrong.body.message).toBe(M.currentPasswordWrong);
      expect(mismatch.body.message).toBe(M.passwordsDoNotMatch);
      expect(changed.body).toEqual({ success: true, message: M.passwordChanged });
      expect((await agent.get('/api/me')).status).toBe(200);
      expect((await otherDevice.get('/api/me')).status).toBe(401);
    });

    it('saves social links from handles or profile addresses, only when all three are filled', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);

      const partial = await agent.post('/ajax/service').type('form').send({ type: 'addSocial', facebook: 'ayse', twitter: '', instagram: 'ayse' });
      const hostile = await agent.post('/ajax/service').type('form').send({ type: 'addSocial', facebook: 'javascript:alert(1)', twitter: 'a', instagram: 'b' });
      const saved = await agent.post('/ajax/service').type('form').send({ type: 'addSocial', facebook: 'https://www.facebook.com/ayse.k', twitter: '@ayse_k', instagram: 'ayse.k' });

      expect(partial.body).toEqual({ success: false, error: true, message: M.socialFieldsRequired });
      expect(hostile.body.message).toBe(M.socialHandleInvalid);
      expect(saved.body).toEqual({ success: true, message: M.socialSaved });
      const profile = await visitor().get(`/api/users/${member.username}`);
      expect(profile.body.social).toEqual({ facebook: 'ayse.k', twitter: 'ayse_k', instagram: 'ayse.k' });
    });
  });

  describe('avatar', () => {
    it('re-encodes an upload to a 256 px WebP without metadata, served from our own path', async () => {
      const { agent } = await registerMember(sut.baseUrl);

      const response = await agent.post('/user/set/avatar').field('type', 'avatar').attach('file', await buildPng(), 'photo.png');

      expect(response.body).toEqual({ success: true, image: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.webp$/), message: M.avatarSaved });
      const image = await visitor().get(response.body.image).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(image.body as Buffer).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(metadata.exif).toBeUndefined();
      const session = await agent.get('/api/auth/session');
      expect(session.body.user.avatarUrl).toBe(response.body.image);
    });

    it('replaces the previous avatar', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const first = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');
      const second = await agent.post('/api/me/avatar').attach('file', await buildPng(300, 300), 'b.png');

      expect(second.body.account.avatarUrl).toBe(second.body.image);
      expect((await visitor().get(first.body.image)).status).toBe(404);
    });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    it.each<[string, () => Promise<Buffer>, string, string]>([
      ['a renamed text file', async () => Buffer.from('bu bir metin dosyasıdır, resim değil'), 'avatar.png', M.avatarNotImage],
      ['an SVG with a script', async () => svg, 'avatar.svg', M.avatarNotImage],
      ['an empty file', async () => Buffer.alloc(0), 'avatar.png', M.avatarMissing],
      ['an image of 48 megapixels', () => buildPng(8000, 6000), 'huge.png', M.avatarTooManyPixels],
      ['a file over 5 MB', async () => Buffer.concat([await buildPng(), Buffer.alloc(5 * 1024 * 1024)]), 'big.png', M.avatarTooLarge],
    ])('refuses %s and keeps the avatar as it was', async (_case, bytes, name, message) => {
      const { agent } = await registerMember(sut.baseUrl);
      const response = await agent.post('/user/set/avatar').attach('file', await bytes(), name);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message });
      expect((await agent.get('/api/auth/session')).body.user.avatarUrl).toBeNull();
    });

    it('asks for a file when none was sent', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const response = await agent.post('/user/set/avatar').field('type', 'avatar');
      expect(response.body.message).toBe(M.avatarMissing);
    });
  });
});
