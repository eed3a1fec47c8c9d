import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSessionKeys } from './signing-keys';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadSessionKeys', () => {
  it('generates the embedded key once, owner-only, and keeps it', async () => {
    const first = await loadSessionKeys({ configuredPrivateKeyPem: undefined, dataDir });
    const second = await loadSessionKeys({ configuredPrivateKeyPem: undefined, dataDir });
    expect(second.keyId).toBe(first.keyId);
    expect(statSync(path.join(dataDir, 'keys', 'session-signing-key.pem')).mode & 0o777).toBe(0o600);
  });

  it('uses a configured P-256 key', async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const keys = await loadSessionKeys({ configuredPrivateKeyPem: pem, dataDir });
    expect(keys.publicKeys).toHaveLength(1);
  });

  it('refuses a key of another kind', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(loadSessionKeys({ configuredPrivateKeyPem: pem, dataDir })).rejects.toThrow('EC P-256');
  });
});
