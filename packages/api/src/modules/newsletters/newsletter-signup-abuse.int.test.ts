import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { runSeeds } from '../../platform/seeds';
import { seedList } from '../../platform/seed-list';
import type { MailMessage } from '../email-change/email-change-mail';
import { createKratosIdentityAdmin } from '../email-change/identity-admin';
import { createNewsletterSignUp, type SignUpDeps } from './newsletter-signup';
import { createSignUpRepo } from './newsletter-signup.repo';
import { createNewslettersRepo } from './newsletters.repo';

// The hourly caps on anonymous sign-ups (per client address, and for everyone), and the confirmation of
// an address a passwordless or social identity holds on a real Kratos (creating answers 409).

let database: DatabaseHandle;
const sent: MailMessage[] = [];
const clock = { now: new Date('2026-05-01T09:05:00Z') };

beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

function signUpWith(overrides: Partial<SignUpDeps> = {}) {
  return createNewsletterSignUp({
    repo: createSignUpRepo(database.db),
    newsletters: createNewslettersRepo(database.db),
    identityAdmin: null,
    courier: { send: async (message) => void sent.push(message) },
    secret: 'test-signup-secret',
    siteUrl: 'http://localhost:3000',
    siteName: 'The Site',
    recoveryLink: 'http://localhost:3000/identity/self-service/recovery/browser',
    now: () => clock.now,
    hourlyLimits: { perClient: 3, overall: 5 },
    ...overrides,
  });
}
const ask = (email: string, ip: string | null) =>
  signUpWith().request({ email, newsletterIds: ['daily-brief'], placementVariant: 'article' }, ip);
const mailsTo = (email: string) => sent.filter((m) => m.to === email);

describe('the hourly caps on anonymous sign-ups', () => {
  it('refuse a client address its fourth confirmation of the hour, sending nothing, and not others', async () => {
    for (const n of [1, 2, 3]) await ask(`ip-a-${n}@example.org`, '203.0.113.7');
    await expect(ask('ip-a-4@example.org', '203.0.113.7')).rejects.toMatchObject({
      code: 'newsletter_sign_up_rate_limited',
    });
    expect(mailsTo('ip-a-4@example.org')).toHaveLength(0);
    // Another client address still has room (the overall cap is 5: this is the 4th).
    await ask('ip-b-1@example.org', '198.51.100.2');
    expect(mailsTo('ip-b-1@example.org')).toHaveLength(1);
  });

  it('count only confirmations that go: a resend within 10 minutes uses nothing', async () => {
    await ask('ip-b-1@example.org', '198.51.100.2'); // within 10 minutes: nothing sent, nothing counted
    expect(mailsTo('ip-b-1@example.org')).toHaveLength(1);
    await ask('no-ip@example.org', null); // the 5th of everyone's 5
    expect(mailsTo('no-ip@example.org')).toHaveLength(1);
  });

  it('refuse everyone once the overall cap is used up, and let the refused address try again later', async () => {
    await expect(ask('ip-c-1@example.org', '192.0.2.9')).rejects.toMatchObject({
      code: 'newsletter_sign_up_rate_limited',
    });
    await expect(ask('no-ip-2@example.org', null)).rejects.toMatchObject({
      code: 'newsletter_sign_up_rate_limited',
    });
    // The refused client address was not counted: in the next hour it has its full allowance.
    clock.now = new Date('2026-05-01T10:00:00Z');
    for (const n of [1, 2, 3]) await ask(`ip-c-${n}@example.org`, '192.0.2.9');
    expect(sent.filter((m) => m.to.startsWith('ip-c-'))).toHaveLength(3);
    // A refused address is not held back by the 10 minutes: its slot was given back.
    await ask('ip-a-4@example.org', '203.0.113.8');
    expect(mailsTo('ip-a-4@example.org')).toHaveLength(1);
  });
});

describe('confirming an address a passwordless identity holds on Kratos', () => {
  it('treats 409 as "exists" and finds the identity by its verifiable address, paging', async () => {
    clock.now = new Date('2026-05-01T12:00:00Z'); // an hour with room under the caps
    const calls: string[] = [];
    const identity = (id: string, email: string, addresses: string[]) => ({
      id,
      traits: { email },
      verifiable_addresses: addresses.map((value) => ({ value, verified: true, via: 'email' })),
    });
    // The identity client over a recording double of Kratos's admin API.
    const identityAdmin = createKratosIdentityAdmin({
      baseUrl: 'https://kratos-admin.example',
      fetch: async (url, init) => {
        calls.push(`${init.method ?? 'GET'} ${url}`);
        const { pathname, searchParams } = new URL(url);
        if (init.method === 'POST') return Response.json({ error: { code: 409 } }, { status: 409 });
        if (pathname !== '/admin/identities') return new Response(null, { status: 404 });
        // A code-login (passwordless) identity: no credential has the address as identifier.
        if (searchParams.has('credentials_identifier')) return Response.json([]);
        if (!searchParams.has('page_token'))
          return Response.json([identity('i-1', 'someone@example.org', ['someone@example.org'])], {
            headers: {
              link: '<https://kratos-admin.example/admin/identities?page_size=500&page_token=p2>; rel="next"',
            },
          });
        return Response.json([
          identity('i-passwordless', 'Code.Reader@example.org', ['code.reader@example.org']),
        ]);
      },
    });
    const signUp = signUpWith({ identityAdmin });
    await signUp.request({
      email: 'code.reader@example.org',
      newsletterIds: ['daily-brief'],
      placementVariant: 'article',
    });
    const url = /Confirm: (\S+)/.exec(mailsTo('code.reader@example.org')[0]!.text)![1]!;
    const confirmed = await signUp.confirm(new URL(url).searchParams.get('token')!);
    expect(confirmed.newlySubscribed).toEqual(['daily-brief']);
    expect(await createNewslettersRepo(database.db).statusesOf('i-passwordless')).toEqual(
      new Map([['daily-brief', 'subscribed']]),
    );
    expect(calls).toEqual([
      'GET https://kratos-admin.example/admin/identities?credentials_identifier=code.reader%40example.org&page_size=1',
      'POST https://kratos-admin.example/admin/identities',
      'GET https://kratos-admin.example/admin/identities?credentials_identifier=code.reader%40example.org&page_size=1',
      'GET https://kratos-admin.example/admin/identities?page_size=500',
      'GET https://kratos-admin.example/admin/identities?page_size=500&page_token=p2',
    ]);
  });

  it('still answers "unavailable" when no identity holds the address after a 409', async () => {
    const identityAdmin = createKratosIdentityAdmin({
      baseUrl: 'https://kratos-admin.example',
      fetch: async (_url, init) =>
        init.method === 'POST' ? new Response(null, { status: 409 }) : Response.json([]),
    });
    const signUp = signUpWith({ identityAdmin });
    clock.now = new Date('2026-05-01T13:00:00Z');
    await signUp.request({
      email: 'ghost@example.org',
      newsletterIds: ['daily-brief'],
      placementVariant: 'article',
    });
    const url = /Confirm: (\S+)/.exec(mailsTo('ghost@example.org')[0]!.text)![1]!;
    await expect(signUp.confirm(new URL(url).searchParams.get('token')!)).rejects.toMatchObject({
      code: 'newsletter_sign_up_unavailable',
    });
  });
});
