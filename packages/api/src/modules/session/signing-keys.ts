import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { readOrCreateSecret } from '@bof/http/secret-file';

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
  const pem = readOrCreateSecret({
    dataDir: options.dataDir,
    name: 'session-signing-key.pem',
    generate: () =>
      generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
  });
  return keysFromPrivatePem(pem);
}
