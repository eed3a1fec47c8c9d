import { randomBytes } from 'node:crypto';
import { readOrCreateSecret } from '@bof/http/secret-file';

/**
 * The HMAC secret of the paywall and meter cookies: configured, or on the embedded defaults generated
 * once under `<dataDir>/keys` with owner-only permissions.
 */
export function loadPaywallCookieSecret(options: {
  configured: string | undefined;
  dataDir: string;
}): string {
  if (options.configured) return options.configured;
  return readOrCreateSecret({
    dataDir: options.dataDir,
    name: 'paywall-cookie-secret',
    generate: () => randomBytes(48).toString('base64url'),
  });
}
