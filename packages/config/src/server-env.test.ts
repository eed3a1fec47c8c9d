import { describe, expect, it } from 'vitest';
import { ConfigurationError, parseServerEnv } from './server-env';
import { METER_MAX_FREE_READS } from './constants';

const productionSettings = {
  NODE_ENV: 'production',
  SITE_URL: 'https://www.example.org',
  DATABASE_URL: 'postgres://db.internal/site',
  IDENTITY_BASE_URL: 'https://auth.example.org',
  AUTH_ENDPOINT_URL: 'https://www.example.org/api/auth/token/',
  CONSENT_BASE_URL: 'https://static.example.org/consent',
  STATIC_BASE_URL: 'https://static.example.org',
  SESSION_SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\\nMIGH\\n-----END PRIVATE KEY-----',
  PAYWALL_COOKIE_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
  ANALYTICS_COLLECTOR_URL: 'https://collector.example.org',
  AD_PIXEL_ID_PROD: '123456789012345',
  TAG_MANAGER_ID_PROD: 'GTM-ABCD123',
};

function configurationError(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('parseServerEnv', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const env = parseServerEnv({});
    expect(env).toMatchObject({
      embedded: true,
      port: 3000,
      siteName: 'The Business of Fashion',
      siteUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      identityBaseUrl: 'http://localhost:3000/identity',
      authEndpointUrl: 'http://localhost:3000/api/auth/token/',
      environment: 'dev',
      appVersion: '8.57.0',
      debugMode: false,
    });
    expect(env.dataDir).toMatch(/\.data$/);
  });

  it('derives the embedded addresses from SITE_URL and drops its trailing slash', () => {
    const env = parseServerEnv({ SITE_URL: 'https://preview.example.org/', PORT: '8080' });
    expect(env.siteUrl).toBe('https://preview.example.org');
    expect(env.identityBaseUrl).toBe('https://preview.example.org/identity');
  });

  it('accepts a complete production configuration', () => {
    const env = parseServerEnv(productionSettings);
    expect(env).toMatchObject({ embedded: false, environment: 'prod', siteUrl: 'https://www.example.org' });
  });

  it.each([
    'SITE_URL',
    'DATABASE_URL',
    'IDENTITY_BASE_URL',
    'AUTH_ENDPOINT_URL',
    'CONSENT_BASE_URL',
    'STATIC_BASE_URL',
    'SESSION_SIGNING_KEY',
    'PAYWALL_COOKIE_SECRET',
    'SMTP_URL',
  ] as const)('names %s when production lacks it', (variable) => {
    const error = configurationError(() => parseServerEnv({ ...productionSettings, [variable]: undefined }));
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(variable);
  });

  it('names every missing variable at once', () => {
    const error = configurationError(() => parseServerEnv({ NODE_ENV: 'production' }));
    expect(error.variables).toEqual([
      'SITE_URL',
      'DATABASE_URL',
      'IDENTITY_BASE_URL',
      'AUTH_ENDPOINT_URL',
      'CONSENT_BASE_URL',
      'STATIC_BASE_URL',
      'SESSION_SIGNING_KEY',
      'PAYWALL_COOKIE_SECRET',
      'SMTP_URL',
      'AD_PIXEL_ID_PROD',
      'TAG_MANAGER_ID_PROD',
      'ANALYTICS_COLLECTOR_URL',
    ]);
  });

  it('names invalid and missing variables of every group together', () => {
    const error = configurationError(() =>
      parseServerEnv({
        ...productionSettings,
        PORT: 'abc',
        DATABASE_URL: undefined,
        TAG_MANAGER_ID_PROD: undefined,
        IDENTITY_RATE_LIMIT_PER_IP: '-1',
      }),
    );
    expect(error.variables.sort()).toEqual(
      ['DATABASE_URL', 'IDENTITY_RATE_LIMIT_PER_IP', 'PORT', 'TAG_MANAGER_ID_PROD'].sort(),
    );
  });

  it('reads a PEM key given on one line with escaped newlines', () => {
    expect(parseServerEnv(productionSettings).sessionSigningKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----',
    );
  });

  it('treats an empty value as missing', () => {
    const error = configurationError(() => parseServerEnv({ ...productionSettings, STATIC_BASE_URL: '' }));
    expect(error.variables).toEqual(['STATIC_BASE_URL']);
  });

  it('lets EMBEDDED=1 run a production build on the embedded defaults', () => {
    expect(parseServerEnv({ NODE_ENV: 'production', EMBEDDED: '1' }).embedded).toBe(true);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ SITE_URL: 'javascript:alert(1)' }, 'SITE_URL'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ DEBUG_MODE: 'yes' }, 'DEBUG_MODE'],
    [{ SITE_NAME: ' ' }, 'SITE_NAME'],
    [{ PAYWALL_COOKIE_SECRET: 'short' }, 'PAYWALL_COOKIE_SECRET'],
    [{ SESSION_SIGNING_KEY: 'not a key' }, 'SESSION_SIGNING_KEY'],
    [{ LOGIN_POLICY_MAX_SESSIONS: '0' }, 'LOGIN_POLICY_MAX_SESSIONS'],
  ])('refuses %o, naming the variable', (settings, variable) => {
    expect(configurationError(() => parseServerEnv(settings)).variables).toContain(variable);
  });
});

describe('wall experiments', () => {
  it('accept the documented form and refuse anything else with the variable named', () => {
    expect(
      parseServerEnv({ WALL_EXPERIMENTS: 'WALL_CTA=default|trial; WALL_DESIGN=default|minimal' })
        .wallExperiments,
    ).toBe('WALL_CTA=default|trial; WALL_DESIGN=default|minimal');
    expect(parseServerEnv({}).wallExperiments).toBe('');
    for (const bad of ['WALL_CTA=only', 'NOPE=a|b', 'WALL_CTA=a|b;', 'WALL_CTA=a|b c'])
      expect(() => parseServerEnv({ WALL_EXPERIMENTS: bad })).toThrow(/WALL_EXPERIMENTS/);
  });
});

describe('fraud detection', () => {
  it("needs the browser's publishable key whenever the server's API secret is set", () => {
    const secret = { CASTLE_API_SECRET: 's'.repeat(32) };
    expect(configurationError(() => parseServerEnv(secret)).message).toContain(
      'FRAUD_DETECTION_PUBLISHABLE_KEY: is required when CASTLE_API_SECRET is set',
    );
    const both = parseServerEnv({ ...secret, FRAUD_DETECTION_PUBLISHABLE_KEY: `pk_${'a'.repeat(32)}` });
    expect(both.fraudDetectionApiSecret).toBe('s'.repeat(32));
    expect(parseServerEnv({}).fraudDetectionApiSecret).toBeUndefined();
  });
});

describe('story page cache', () => {
  it('is on with 64 MB, 60 s fresh and an hour stale by default, and each setting is checked', () => {
    expect(parseServerEnv({}).storyCache).toEqual({
      enabled: true,
      maxBytes: 64 * 1024 * 1024,
      ttlMs: 60_000,
      staleMs: 3_600_000,
    });
    expect(
      parseServerEnv({
        STORY_CACHE: '0',
        STORY_CACHE_MAX_MB: '8',
        STORY_CACHE_TTL_SECONDS: '5',
        STORY_CACHE_STALE_SECONDS: '0',
      }).storyCache,
    ).toEqual({ enabled: false, maxBytes: 8 * 1024 * 1024, ttlMs: 5000, staleMs: 0 });
    for (const [name, value] of [
      ['STORY_CACHE', 'yes'],
      ['STORY_CACHE_MAX_MB', '0'],
      ['STORY_CACHE_TTL_SECONDS', '3601'],
      ['STORY_CACHE_STALE_SECONDS', '-1'],
      ['STORY_CACHE_STALE_SECONDS', '86401'],
    ] as const)
      expect(configurationError(() => parseServerEnv({ [name]: value })).variables).toContain(name);
  });
});

describe('meter', () => {
  it('allows at most as many free stories as the meter cookie keeps reads', () => {
    expect(parseServerEnv({}).meter).toEqual({ anonymousReads: 2, registeredExtraReads: 3, windowDays: 30 });
    expect(
      parseServerEnv({
        METER_ANONYMOUS_READS: '5',
        METER_REGISTERED_EXTRA_READS: String(METER_MAX_FREE_READS - 5),
      }).meter,
    ).toMatchObject({ anonymousReads: 5, registeredExtraReads: METER_MAX_FREE_READS - 5 });
    const tooMany = configurationError(() =>
      parseServerEnv({
        METER_ANONYMOUS_READS: '5',
        METER_REGISTERED_EXTRA_READS: String(METER_MAX_FREE_READS - 4),
      }),
    );
    expect(tooMany.variables).toEqual(['METER_REGISTERED_EXTRA_READS']);
    expect(tooMany.message).toMatch(/at most 20 free stories/);
    expect(configurationError(() => parseServerEnv({ METER_ANONYMOUS_READS: '21' })).variables).toEqual([
      'METER_ANONYMOUS_READS',
    ]);
  });

  it('reads the verified crawlers’ address ranges, and refuses anything that is not one', () => {
    expect(parseServerEnv({}).meterCrawlerIpRanges).toEqual([]);
    expect(
      parseServerEnv({ METER_CRAWLER_IP_RANGES: ' 66.249.64.0/19,2001:4860:4801:10::/64\n192.0.2.7 ' })
        .meterCrawlerIpRanges,
    ).toEqual([
      { address: '66.249.64.0', prefix: 19, family: 'ipv4' },
      { address: '2001:4860:4801:10::', prefix: 64, family: 'ipv6' },
      { address: '192.0.2.7', prefix: 32, family: 'ipv4' },
    ]);
    for (const bad of [
      'googlebot',
      '66.249.64.0/33',
      '2001:db8::/129',
      '66.249.64.0/19/2',
      '66.249.64.0/x',
      '300.1.1.1',
    ]) {
      const error = configurationError(() => parseServerEnv({ METER_CRAWLER_IP_RANGES: bad }));
      expect(error.variables).toEqual(['METER_CRAWLER_IP_RANGES']);
      expect(error.message).toMatch(/CIDR ranges/);
    }
  });
});
