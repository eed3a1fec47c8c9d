import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The HMAC secret of the paywall and meter cookies: configured, or on the embedded defaults generated
 * once under `<dataDir>/keys` with owner-only permissions.
 */
export function loadPaywallCookieSecret(options: {
  configured: string | undefined;
  dataDir: string;
}): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'keys', 'paywall-cookie-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, randomBytes(48).toString('base64url'), { mode: 0o600 });
  renameSync(partial, file);
  return readFileSync(file, 'utf8').trim();
}
