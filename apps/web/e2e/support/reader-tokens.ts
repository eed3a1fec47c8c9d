import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { SignJWT, calculateJwkThumbprint, exportJWK } from 'jose';
import { signPaywallSession } from '@bof/paywall/paywall-token';
import { e2eBase, e2ePort } from './site';

// A reader of any membership level, as the product's auth endpoint would issue them: the two session
// cookies signed with the keys the server under test generated in its data folder. Used where the
// membership cannot be bought in the journey (Restricted has no plan) or would take minutes to buy for
// each level; the token carries a real account's id, so its reads are kept on the server as anyone's, and
// counts only beside that account's identity session (the browser's, or the cookie handed to
// cookieHeaderFor).

const keysDir = path.resolve(`.data/e2e-${e2ePort}/keys`);
const TTL_SECONDS = 900;

export type ReaderClaims = Record<string, unknown> & { user_id: string; membership_level: string };

/** The two session cookies of `claims` (a `bof_session` token and its reader's paywall session). */
export async function readerCookies(
  claims: ReaderClaims,
): Promise<{ bof_session: string; bof_paywall_session: string }> {
  const privateKey = createPrivateKey(readFileSync(path.join(keysDir, 'session-signing-key.pem'), 'utf8'));
  const kid = await calculateJwkThumbprint(await exportJWK(createPublicKey(privateKey)));
  const exp = Math.floor(Date.now() / 1000) + TTL_SECONDS;
  const session = await new SignJWT({ ...claims, exp })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid })
    .sign(privateKey);
  const secret = readFileSync(path.join(keysDir, 'paywall-cookie-secret'), 'utf8').trim();
  const paywall = await signPaywallSession(
    { sid: `e2e-${claims.user_id}`, uid: claims.user_id, reads: [], groups: [] },
    secret,
    'paywall-session',
  );
  return { bof_session: session, bof_paywall_session: paywall };
}

/** Makes a browser context the reader of `claims` with `level`, keeping their account. */
export async function becomeLevel(
  context: BrowserContext,
  claims: ReaderClaims,
  level: string,
  type = 'Individual',
) {
  const cookies = await readerCookies({
    ...claims,
    membership_level: level,
    membership_type: level === 'None' ? 'None' : type,
  });
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: e2eBase })));
}

/**
 * A Cookie header for `claims` at `level`, for plain HTTP requests, beside the reader's identity session
 * cookie (`name=value`): the server acts on a session token only while its identity session lives.
 */
export async function cookieHeaderFor(
  claims: ReaderClaims,
  level: string,
  identityCookie: string,
): Promise<string> {
  const cookies = await readerCookies({
    ...claims,
    membership_level: level,
    membership_type: level === 'None' ? 'None' : 'Individual',
  });
  return [
    identityCookie,
    ...Object.entries(cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`),
  ].join('; ');
}
