import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK } from 'jose';

/** The key that signs `bof_session`, and every key whose tokens are still accepted. */
export interface SessionKeys {
  privateKey: KeyObject;
  keyId: string;
  publicKeys: { keyId: string; key: KeyObject }[];
}

async function keysFromPrivatePem(pem: string): Promise<SessionKeys> {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('The session signing key must be an EC P-256 private key (ES256).');
  }
  const publicKey = createPublicKey(privateKey);
  const keyId = await calculateJwkThumbprint(await exportJWK(publicKey));
  return { privateKey, keyId, publicKeys: [{ keyId, key: publicKey }] };
}

/**
 * Loads the session signing key: from configuration (a PKCS#8 PEM) when given; otherwise, on the embedded
 * defaults, from `<dataDir>/keys/session-signing-key.pem`, generating it once with owner-only permissions.
 */
export async function loadSessionKeys(options: {
  configuredPrivateKeyPem: string | undefined;
  dataDir: string;
}): Promise<SessionKeys> {
  if (options.configuredPrivateKeyPem) return keysFromPrivatePem(options.configuredPrivateKeyPem);
  const file = path.join(options.dataDir, 'keys', 'session-signing-key.pem');
  try {
    return await keysFromPrivatePem(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, pem, { mode: 0o600 });
  renameSync(partial, file);
  // Read back what is on disk: if two processes raced, both use the one that won.
  return keysFromPrivatePem(readFileSync(file, 'utf8'));
}
