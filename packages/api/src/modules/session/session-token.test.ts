import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { SessionFacts } from './session-claims';
import { createSessionTokenVerifier, signSessionToken, verifySessionToken } from './session-token';

const pair = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const ours = pair();
const stranger = pair();
const keys = [{ keyId: 'k1', key: ours.publicKey }];
const now = new Date('2026-11-22T12:00:00Z');

const facts: SessionFacts = {
  user_id: 'u_123',
  email: 'reader@example.org',
  membership_level: 'Standard',
  membership_type: 'Individual',
  is_bof_admin: false,
  is_first_login: true,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: false,
};

const sign = (overrides: Partial<{ now: Date; ttlSeconds: number }> = {}) =>
  signSessionToken(facts, { privateKey: ours.privateKey, keyId: 'k1', now, ttlSeconds: 900, ...overrides });

describe('session token', () => {
  it('carries exactly the spec §3 claims', async () => {
    const token = await sign();
    expect(Object.keys(decodeJwt(token)).sort()).toEqual(
      [
        'user_id',
        'email',
        'membership_level',
        'membership_type',
        'is_bof_admin',
        'is_first_login',
        'unclaimed_membership_account_id',
        'is_challenged',
        'is_user_data_complete',
        'exp',
      ].sort(),
    );
    expect(decodeJwt(token).exp).toBe(Math.floor(now.getTime() / 1000) + 900);
  });

  it('verifies a token it signed', async () => {
    expect(await verifySessionToken(await sign(), { publicKeys: keys, now })).toMatchObject(facts);
  });

  it('refuses an expired token, to the second', async () => {
    const token = await sign();
    expect(
      await verifySessionToken(token, { publicKeys: keys, now: new Date(now.getTime() + 899_000) }),
    ).not.toBe(null);
    expect(
      await verifySessionToken(token, { publicKeys: keys, now: new Date(now.getTime() + 900_000) }),
    ).toBe(null);
  });

  it('refuses a token whose payload was altered', async () => {
    const [header, , signature] = (await sign()).split('.');
    const forged = Buffer.from(JSON.stringify({ ...facts, is_bof_admin: true, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await verifySessionToken(`${header}.${forged}.${signature}`, { publicKeys: keys, now })).toBe(
      null,
    );
  });

  it('refuses a token signed by another key, even with our key id', async () => {
    const token = await new SignJWT({ ...facts, exp: 9_999_999_999 })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(stranger.privateKey);
    expect(await verifySessionToken(token, { publicKeys: keys, now })).toBe(null);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const token = new UnsecuredJWT({ ...facts, exp: 9_999_999_999 }).encode();
    expect(await verifySessionToken(token, { publicKeys: keys, now })).toBe(null);
  });

  it('refuses a validly signed token with claims outside the spec', async () => {
    const token = await new SignJWT({ ...facts, exp: 9_999_999_999, role: 'admin' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(ours.privateKey);
    expect(await verifySessionToken(token, { publicKeys: keys, now })).toBe(null);
  });

  it.each(['', 'garbage', 'a.b.c', 'x'.repeat(5000)])('treats %j as no session', async (token) => {
    expect(await verifySessionToken(token, { publicKeys: keys, now })).toBe(null);
  });
});

describe('remembered session tokens', () => {
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('answers a remembered token without verifying again, and still expires it to the second', async () => {
    const verify = createSessionTokenVerifier(keys, { memoMs: 600_000 });
    const token = await sign({ ttlSeconds: 30 });
    const first = await verify(token, now);
    expect(first).toMatchObject(facts);
    expect(await verify(token, at(29_000))).toBe(first); // the remembered object, not a new verification
    expect(await verify(token, at(30_000))).toBe(null);
    expect(await verify(token, at(31_000))).toBe(null);
  });

  it('verifies again after the memo lifetime', async () => {
    const verify = createSessionTokenVerifier(keys, { memoMs: 1_000 });
    const token = await sign();
    const first = await verify(token, now);
    const later = await verify(token, at(1_000));
    expect(later).toEqual(first);
    expect(later).not.toBe(first);
  });

  it('remembers nothing of a forged or foreign token', async () => {
    const verify = createSessionTokenVerifier(keys);
    const [header, , signature] = (await sign()).split('.');
    const forged = Buffer.from(JSON.stringify({ ...facts, is_bof_admin: true, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    const foreign = await signSessionToken(facts, {
      privateKey: stranger.privateKey,
      keyId: 'k1',
      now,
      ttlSeconds: 900,
    });
    for (const token of [`${header}.${forged}.${signature}`, foreign, undefined, '']) {
      expect(await verify(token, now)).toBe(null);
      expect(await verify(token, now)).toBe(null);
    }
  });

  it('keeps at most the configured number of tokens, forgetting the oldest', async () => {
    const verify = createSessionTokenVerifier(keys, { entries: 2 });
    const tokens = await Promise.all([1, 2, 3].map((s) => sign({ now: at(s * 1000) })));
    const first = await verify(tokens[0], now);
    await verify(tokens[1], now);
    expect(await verify(tokens[0], now)).toBe(first);
    await verify(tokens[2], now); // tokens[1] is now the oldest used and goes
    expect(await verify(tokens[0], now)).toBe(first);
  });
});
