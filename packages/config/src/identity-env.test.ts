import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './configuration-error';
import { parseIdentityEnv } from './identity-env';

describe('the identity admin API settings', () => {
  it('are unset by default: the built-in identity server is called in-process', () => {
    const env = parseIdentityEnv({});
    expect(env.adminUrl).toBeUndefined();
    expect(env.adminToken).toBeUndefined();
  });

  it('take a Kratos admin URL (trailing slash dropped) and an optional bearer token', () => {
    const env = parseIdentityEnv({
      IDENTITY_ADMIN_URL: 'http://kratos.internal:4434/',
      IDENTITY_ADMIN_TOKEN: 'ory_pat_0123456789abcdef',
    });
    expect(env.adminUrl).toBe('http://kratos.internal:4434');
    expect(env.adminToken).toBe('ory_pat_0123456789abcdef');
  });

  it('refuse a URL that is not http(s), a short or spaced token, and a token without a URL', () => {
    const variables = (env: Record<string, string>) => {
      try {
        parseIdentityEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as ConfigurationError).problems.map((p) => p.variable).sort();
      }
      throw new Error('expected a ConfigurationError');
    };
    expect(variables({ IDENTITY_ADMIN_URL: 'ftp://kratos', IDENTITY_ADMIN_TOKEN: 'short' })).toEqual([
      'IDENTITY_ADMIN_TOKEN',
      'IDENTITY_ADMIN_URL',
    ]);
    expect(
      variables({
        IDENTITY_ADMIN_URL: 'https://kratos.example',
        IDENTITY_ADMIN_TOKEN: 'has a space in it!!',
      }),
    ).toEqual(['IDENTITY_ADMIN_TOKEN']);
    expect(variables({ IDENTITY_ADMIN_TOKEN: 'ory_pat_0123456789abcdef' })).toEqual(['IDENTITY_ADMIN_TOKEN']);
  });
});

describe('the social sign-in providers', () => {
  const problems = (env: Record<string, string>) => {
    try {
      parseIdentityEnv(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      return (error as ConfigurationError).problems;
    }
    throw new Error('expected a ConfigurationError');
  };

  it('are none by default', () => {
    expect(parseIdentityEnv({}).oidcProviders).toEqual([]);
  });

  it('exist when a client id and secret are set, on the provider issuer unless another is given', () => {
    const env = parseIdentityEnv({
      IDENTITY_OIDC_GOOGLE_CLIENT_ID: 'google-client.apps.example',
      IDENTITY_OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
      IDENTITY_OIDC_APPLE_CLIENT_ID: 'com.example.web',
      IDENTITY_OIDC_APPLE_CLIENT_SECRET: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
      IDENTITY_OIDC_APPLE_ISSUER_URL: 'http://localhost:4455/',
    });
    expect(env.oidcProviders).toEqual([
      {
        id: 'google',
        clientId: 'google-client.apps.example',
        clientSecret: 'google-secret',
        issuerUrl: 'https://accounts.google.com',
      },
      {
        id: 'apple',
        clientId: 'com.example.web',
        clientSecret: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
        issuerUrl: 'http://localhost:4455',
      },
    ]);
  });

  it('are all or nothing: each missing half, and an issuer without a client, is named', () => {
    expect(problems({ IDENTITY_OIDC_GOOGLE_CLIENT_ID: 'id' })).toEqual([
      {
        variable: 'IDENTITY_OIDC_GOOGLE_CLIENT_SECRET',
        message: 'must be set with IDENTITY_OIDC_GOOGLE_CLIENT_ID',
      },
    ]);
    expect(problems({ IDENTITY_OIDC_APPLE_CLIENT_SECRET: 'secret' })[0]!.variable).toBe(
      'IDENTITY_OIDC_APPLE_CLIENT_ID',
    );
    expect(problems({ IDENTITY_OIDC_GOOGLE_ISSUER_URL: 'https://accounts.google.com' })[0]!.variable).toBe(
      'IDENTITY_OIDC_GOOGLE_ISSUER_URL',
    );
  });

  it('refuse a plain-http issuer that is not this machine, and a spaced client id', () => {
    const named = problems({
      IDENTITY_OIDC_GOOGLE_CLIENT_ID: 'has space',
      IDENTITY_OIDC_GOOGLE_CLIENT_SECRET: 'secret',
      IDENTITY_OIDC_GOOGLE_ISSUER_URL: 'http://accounts.example.com',
    }).map((p) => p.variable);
    expect(named.sort()).toEqual(['IDENTITY_OIDC_GOOGLE_CLIENT_ID', 'IDENTITY_OIDC_GOOGLE_ISSUER_URL']);
  });
});

describe('the client address and the secret', () => {
  it('trust no proxy and have no configured secret by default', () => {
    const env = parseIdentityEnv({});
    expect(env.trustedProxies).toBe(0);
    expect(env.secret).toBeUndefined();
  });

  it('take a number of trusted proxies and a long secret', () => {
    const env = parseIdentityEnv({ IDENTITY_TRUSTED_PROXIES: '2', IDENTITY_SECRET: 'x'.repeat(40) });
    expect(env.trustedProxies).toBe(2);
    expect(env.secret).toBe('x'.repeat(40));
  });

  it.each([
    ['IDENTITY_TRUSTED_PROXIES', '-1'],
    ['IDENTITY_TRUSTED_PROXIES', '11'],
    ['IDENTITY_TRUSTED_PROXIES', 'one'],
    ['IDENTITY_SECRET', 'too-short'],
    ['IDENTITY_SECRET', `${'x'.repeat(40)} spaced`],
  ])('refuse %s=%s', (variable, value) => {
    try {
      parseIdentityEnv({ [variable]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).problems.map((p) => p.variable)).toEqual([variable]);
      return;
    }
    throw new Error('expected a ConfigurationError');
  });
});

describe('the breached-password check', () => {
  it('is off on the embedded defaults and on in production, unless IDENTITY_BREACHED_PASSWORD_CHECK says', () => {
    expect(parseIdentityEnv({}).breachedPasswordCheckUrl).toBeNull();
    expect(parseIdentityEnv({}, { embedded: false }).breachedPasswordCheckUrl).toBe(
      'https://api.pwnedpasswords.com',
    );
    expect(
      parseIdentityEnv({ IDENTITY_BREACHED_PASSWORD_CHECK: '0' }, { embedded: false })
        .breachedPasswordCheckUrl,
    ).toBeNull();
    expect(
      parseIdentityEnv({
        IDENTITY_BREACHED_PASSWORD_CHECK: '1',
        IDENTITY_BREACHED_PASSWORD_API_URL: 'https://pwned.internal/',
      }).breachedPasswordCheckUrl,
    ).toBe('https://pwned.internal');
  });

  it('refuses a value that is not a flag and an API address that is not http(s)', () => {
    try {
      parseIdentityEnv({
        IDENTITY_BREACHED_PASSWORD_CHECK: 'yes',
        IDENTITY_BREACHED_PASSWORD_API_URL: 'ftp://pwned',
      });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigurationError).problems.map((p) => p.variable).sort()).toEqual([
        'IDENTITY_BREACHED_PASSWORD_API_URL',
        'IDENTITY_BREACHED_PASSWORD_CHECK',
      ]);
    }
  });
});
