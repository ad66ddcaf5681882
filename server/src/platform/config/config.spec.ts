import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_PRICING } from './default-pricing';

describe('loadConfig', () => {
  it('defaults to the embedded single-process mode on port 3000 with data under ./.data', () => {
    const sut = loadConfig({}, '/srv/site');

    expect(sut).toEqual({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      dataDir: '/srv/site/.data',
      publicOrigin: null,
      trustProxy: false,
      logLevel: 'info',
      runJobs: true,
      redisPrefix: 'seyirlik',
      smtpUrl: null,
      mailFrom: 'Seyirlik <no-reply@seyirlik.local>',
      recaptcha: null,
      readCacheSeconds: 10,
      titlePagesMemoryBytes: 256 * 1024 * 1024,
      sessionRecheckSeconds: 5,
      contactEmail: 'iletisim@seyirlik.local',
      pricing: DEFAULT_PRICING,
    });
  });

  it('treats empty variables as unset', () => {
    const sut = loadConfig({ DATABASE_URL: '', REDIS_URL: '', PORT: '' }, '/srv');

    expect(sut.databaseUrl).toBeNull();
    expect(sut.redisUrl).toBeNull();
    expect(sut.port).toBe(3000);
  });

  it('reads the scaled mode settings', () => {
    const sut = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://app:secret@db:5432/seyirlik',
        REDIS_URL: 'redis://redis:6379',
        DATA_DIR: '/var/lib/seyirlik',
        PUBLIC_URL: 'https://seyirlik.example/some/path',
        TRUST_PROXY: '1',
        RUN_JOBS: 'false',
      },
      '/srv',
    );

    expect(sut).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://app:secret@db:5432/seyirlik',
      redisUrl: 'redis://redis:6379',
      dataDir: '/var/lib/seyirlik',
      publicOrigin: 'https://seyirlik.example',
      trustProxy: 1,
      runJobs: false,
    });
  });

  it('turns the bot check on when a reCAPTCHA secret is set', () => {
    const sut = loadConfig({ RECAPTCHA_SECRET: 's3cret', RECAPTCHA_SITE_KEY: 'site-key' });

    expect(sut.recaptcha).toEqual({
      secret: 's3cret',
      siteKey: 'site-key',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
  ])('accepts TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['0', 0],
    ['1', 1],
    ['3600', 3600],
  ])('accepts READ_CACHE_SECONDS=%s (0 turns the read cache off)', (value, expected) => {
    expect(loadConfig({ READ_CACHE_SECONDS: value }).readCacheSeconds).toBe(expected);
  });

  it.each(['-1', '1.5', '10s', 'abc', '3601', '99999'])('refuses READ_CACHE_SECONDS=%s, saying what it must be', (value) => {
    expect(() => loadConfig({ READ_CACHE_SECONDS: value })).toThrow(
      `READ_CACHE_SECONDS=${JSON.stringify(value)}: must be a whole number of seconds from 0 (off) to 3600`,
    );
  });

  it.each([
    ['0', 0],
    ['1', 1024 * 1024],
    ['4096', 4096 * 1024 * 1024],
  ])('accepts TITLE_PAGES_MEMORY_MB=%s (0 holds no title page in memory)', (value, expected) => {
    expect(loadConfig({ TITLE_PAGES_MEMORY_MB: value }).titlePagesMemoryBytes).toBe(expected);
  });

  it.each(['-1', '0.5', '64MB', '4097', '99999'])('refuses TITLE_PAGES_MEMORY_MB=%s, saying what it must be', (value) => {
    expect(() => loadConfig({ TITLE_PAGES_MEMORY_MB: value })).toThrow(
      `TITLE_PAGES_MEMORY_MB=${JSON.stringify(value)}: must be a whole number of megabytes from 0 (off) to 4096`,
    );
  });

  it.each([
    ['1', 1],
    ['300', 300],
  ])('accepts SESSION_RECHECK_SECONDS=%s', (value, expected) => {
    expect(loadConfig({ SESSION_RECHECK_SECONDS: value }).sessionRecheckSeconds).toBe(expected);
  });

  it.each(['0', '-1', '2.5', '5s', '301'])('refuses SESSION_RECHECK_SECONDS=%s, saying what it must be', (value) => {
    expect(() => loadConfig({ SESSION_RECHECK_SECONDS: value })).toThrow(
      `SESSION_RECHECK_SECONDS=${JSON.stringify(value)}: must be a whole number of seconds from 1 to 300`,
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['TRUST_PROXY', 'yes please'],
    ['LOG_LEVEL', 'loud'],
    ['RUN_JOBS', 'maybe'],
    ['REDIS_PREFIX', 'has spaces'],
    ['SMTP_URL', 'mail.example.com'],
    ['RECAPTCHA_VERIFY_URL', 'file:///etc/passwd'],
    ['CONTACT_EMAIL', 'not-an-address'],
    ['PRICING_PLANS', '{"plans": []}'],
    ['PRICING_PLANS', '{"plans": [{"id": "a", "name": "A", "description": "d", "monthly": -1, "annual": 10}]}'],
    ['PRICING_PLANS', '{"plans": [{"id": "a", "name": "A", "description": "d", "monthly": 1.234, "annual": 10}]}'],
    ['PRICING_PLANS', '{not json'],
    ['PRICING_PLANS', '/no/such/pricing.json'],
  ])('refuses %s=%s with a message that names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('lists every bad variable at once', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ PORT: 'x', REDIS_URL: 'nope' });
    } catch (caught) {
      error = caught as ConfigError;
    }

    expect(error?.problems).toHaveLength(2);
    expect(error?.message).toContain('PORT="x"');
    expect(error?.message).toContain('REDIS_URL="nope"');
  });

  describe('pricing plans', () => {
    const plan = { id: 'temel', name: 'Temel', description: 'Reklamsız izleyin.', monthly: 39.9, annual: 399 };

    it('reads the price list as inline JSON, filling the defaults', () => {
      const sut = loadConfig({ PRICING_PLANS: JSON.stringify({ currency: 'EUR', plans: [plan] }) });

      expect(sut.pricing).toEqual({ currency: 'EUR', plans: [{ ...plan, features: [], highlighted: false }] });
    });

    it('reads the price list from a JSON file, relative to the working folder', () => {
      const folder = mkdtempSync(join(tmpdir(), 'pricing-'));
      writeFileSync(join(folder, 'plans.json'), JSON.stringify({ plans: [plan] }));

      const sut = loadConfig({ PRICING_PLANS: 'plans.json' }, folder);

      expect(sut.pricing.plans.map((each) => each.annual)).toEqual([399]);
      expect(sut.pricing.currency).toBe('TRY');
    });

    it('names the bad field of a bad price list', () => {
      const config = JSON.stringify({ plans: [plan, { ...plan, annual: 'çok' }] });

      expect(() => loadConfig({ PRICING_PLANS: config })).toThrow(/PRICING_PLANS=.*plans\.1\.annual/s);
    });

    it('refuses two plans with one id', () => {
      expect(() => loadConfig({ PRICING_PLANS: JSON.stringify({ plans: [plan, plan] }) })).toThrow(/plan ids must be unique/);
    });
  });
});
