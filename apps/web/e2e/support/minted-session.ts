import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { SignJWT, importPKCS8 } from 'jose';

export const e2ePort = Number(process.env.E2E_PORT || 3100);
export const e2eBase = `http://localhost:${e2ePort}`;

export interface MintedClaims {
  membership_level?: string;
  membership_type?: string;
  is_first_login?: boolean;
  is_user_data_complete?: boolean;
}

/**
 * Signs a reader in by minting `bof_session` with the site's own embedded signing key (the server on
 * this machine made it under its data folder), exactly as the auth endpoint would, with the spec's
 * claims. For journeys about what a signed-in reader sees, not about signing in.
 */
export async function mintSession(context: BrowserContext, userId: string, claims: MintedClaims = {}) {
  // The first call makes the server create its key if it has not yet.
  await context.request.post(`${e2eBase}/api/auth/token/`, { data: {} });
  const pem = readFileSync(path.resolve(`.data/e2e-${e2ePort}/keys/session-signing-key.pem`), 'utf8');
  const key = await importPKCS8(pem, 'ES256');
  const token = await new SignJWT({
    user_id: userId,
    email: `${userId}@example.org`,
    membership_level: claims.membership_level ?? 'None',
    membership_type: claims.membership_type ?? 'None',
    is_bof_admin: false,
    is_first_login: claims.is_first_login ?? false,
    unclaimed_membership_account_id: null,
    is_challenged: false,
    is_user_data_complete: claims.is_user_data_complete ?? true,
    exp: Math.floor(Date.now() / 1000) + 600,
  })
    .setProtectedHeader({ alg: 'ES256' })
    .sign(key);
  await context.addCookies([
    { name: 'bof_session', value: token, url: e2eBase },
    { name: 'bof_paywall_session', value: 'e2e', url: e2eBase },
  ]);
  return token;
}
