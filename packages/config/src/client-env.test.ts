import { describe, expect, it } from 'vitest';
import { clientConfigSchema, toClientConfig } from './client-env';
import { parseServerEnv } from './server-env';

describe('toClientConfig', () => {
  it('passes only browser-safe settings, and the result satisfies its schema', () => {
    const server = parseServerEnv({ DATABASE_URL: 'postgres://user:secret@db/site' });
    const client = toClientConfig(server);
    expect(clientConfigSchema.parse(client)).toEqual(client);
    expect(JSON.stringify(client)).not.toContain('secret');
    expect(Object.keys(client).sort()).toEqual(
      [
        'analytics',
        'appName',
        'appVersion',
        'authEndpointUrl',
        'consentBaseUrl',
        'debugMode',
        'deploymentId',
        'environment',
        'identityBaseUrl',
        'siteName',
        'siteUrl',
        'staticBaseUrl',
      ].sort(),
    );
  });
});
