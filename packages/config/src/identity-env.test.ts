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
