import { describe, expect, it } from 'vitest';
import { DEFAULT_RECURLY_SCRIPT_URL, parseBillingEnv } from './billing-env';
import { ConfigurationError } from './configuration-error';
import { parseServerEnv } from './server-env';

const recurly = {
  RECURLY_API_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  RECURLY_SUBDOMAIN: 'bof-fashion',
  RECURLY_PUBLIC_KEY: 'ewr1-AbCdEfGhIjKlMnOpQrStUv',
  RECURLY_WEBHOOK_SECRETS: 'whsec-current-0123456789abcdef, whsec-previous-0123456789abcdef',
};

const production = {
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

describe('parseBillingEnv', () => {
  it('uses the billing simulator when no Recurly variable is set', () => {
    expect(parseBillingEnv({})).toEqual({ recurly: null });
    expect(parseServerEnv({}).billing).toEqual({ recurly: null });
  });

  it('configures Recurly when every variable is set, with the default region and Recurly.js', () => {
    expect(parseBillingEnv(recurly).recurly).toEqual({
      apiKey: recurly.RECURLY_API_KEY,
      subdomain: 'bof-fashion',
      region: 'us',
      publicKey: recurly.RECURLY_PUBLIC_KEY,
      scriptUrl: DEFAULT_RECURLY_SCRIPT_URL,
      webhookSecrets: ['whsec-current-0123456789abcdef', 'whsec-previous-0123456789abcdef'],
    });
  });

  it('takes the EU region and another script address', () => {
    const env = parseBillingEnv({
      ...recurly,
      RECURLY_REGION: 'eu',
      RECURLY_SCRIPT_URL: 'https://static.example.org/recurly.js',
    });
    expect(env.recurly).toMatchObject({ region: 'eu', scriptUrl: 'https://static.example.org/recurly.js' });
  });

  it('refuses to start in production with an API key but no subdomain', () => {
    const error = configurationError(() =>
      parseServerEnv({ ...production, ...recurly, RECURLY_SUBDOMAIN: undefined }),
    );
    expect(error.variables).toEqual(['RECURLY_SUBDOMAIN']);
    expect(error.message).toContain('RECURLY_SUBDOMAIN: is required with RECURLY_API_KEY');
  });

  it('names every missing Recurly variable at once', () => {
    const error = configurationError(() =>
      parseServerEnv({ ...production, RECURLY_API_KEY: recurly.RECURLY_API_KEY }),
    );
    expect(error.variables).toEqual(['RECURLY_SUBDOMAIN', 'RECURLY_PUBLIC_KEY', 'RECURLY_WEBHOOK_SECRETS']);
  });

  it('refuses a half-set configuration on the embedded defaults too', () => {
    const error = configurationError(() =>
      parseServerEnv({ RECURLY_PUBLIC_KEY: recurly.RECURLY_PUBLIC_KEY }),
    );
    expect(error.variables).toEqual(['RECURLY_API_KEY', 'RECURLY_SUBDOMAIN', 'RECURLY_WEBHOOK_SECRETS']);
  });

  it('accepts a complete production configuration with Recurly', () => {
    expect(parseServerEnv({ ...production, ...recurly }).billing.recurly?.subdomain).toBe('bof-fashion');
  });

  it.each([
    [{ RECURLY_SUBDOMAIN: 'bof.recurly.com' }, 'RECURLY_SUBDOMAIN'],
    [{ RECURLY_API_KEY: 'short' }, 'RECURLY_API_KEY'],
    [{ RECURLY_WEBHOOK_SECRETS: 'too-short' }, 'RECURLY_WEBHOOK_SECRETS'],
    [{ RECURLY_REGION: 'asia' }, 'RECURLY_REGION'],
    [{ RECURLY_SCRIPT_URL: 'http://js.example.org/recurly.js' }, 'RECURLY_SCRIPT_URL'],
  ])('names an invalid value: %o', (override, variable) => {
    const error = configurationError(() => parseBillingEnv({ ...recurly, ...override }));
    expect(error.variables).toEqual([variable]);
  });
});
