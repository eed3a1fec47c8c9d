import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { runSeeds } from '../../platform/seeds';
import { seedList } from '../../platform/seed-list';
import type { MailMessage } from '../email-change/email-change-mail';
import { createNewsletterSignUp, SIGN_UP_LIMITS, type NewsletterSignUp } from './newsletter-signup';
import { createSignUpRepo } from './newsletter-signup.repo';
import { createNewslettersRepo } from './newsletters.repo';
import { signSignUpToken } from './signup-token';

// Anonymous double opt-in over PGlite: the courier and the identity admin API are fakes that record.

const SECRET = 'test-signup-secret';
const RECOVERY = 'http://localhost:3000/identity/self-service/recovery/browser';
let database: DatabaseHandle;
let signUp: NewsletterSignUp;
const sent: MailMessage[] = [];
const identities = new Map<string, string>(); // e-mail → identity id
let refuseMail = false;
const clock = { now: new Date('2026-05-01T09:00:00Z') };
const later = (minutes: number) => (clock.now = new Date(clock.now.getTime() + minutes * 60_000));

beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  identities.set('existing@example.org', 'identity-existing');
  signUp = createNewsletterSignUp({
    repo: createSignUpRepo(database.db),
    newsletters: createNewslettersRepo(database.db),
    identityAdmin: {
      findIdentityIdByEmail: async (email) => identities.get(email) ?? null,
      findIdentityIdByVerifiableAddress: async () => null,
      createIdentity: async (email) => {
        if (identities.has(email)) return null;
        const id = `identity-${identities.size}`;
        identities.set(email, id);
        return id;
      },
    },
    courier: {
      send: async (message) => {
        if (refuseMail) throw new Error('SMTP refused');
        sent.push(message);
      },
    },
    secret: SECRET,
    siteUrl: 'http://localhost:3000',
    siteName: 'The Business of Fashion',
    recoveryLink: RECOVERY,
    now: () => clock.now,
  });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const mailsTo = (email: string) => sent.filter((m) => m.to === email);
const tokenOf = (message: MailMessage) => {
  const url = /Confirm: (\S+)/.exec(message.text)![1]!;
  return new URL(url).searchParams.get('token')!;
};
const statuses = (userId: string) => createNewslettersRepo(database.db).statusesOf(userId);
const request = (email: string, newsletterIds: string[]) =>
  signUp.request({ email, newsletterIds, placementVariant: 'article' });

describe('an anonymous sign-up', () => {
  it('sends only a confirmation e-mail naming the letters, and subscribes nothing yet', async () => {
    const answer = await request('new.reader@example.org', ['daily-brief', 'beauty-weekly']);
    expect(answer).toEqual({ email: 'new.reader@example.org' });
    const [mail] = mailsTo('new.reader@example.org');
    expect(mail?.templateType).toBe('newsletter_signup_confirmation');
    expect(mail?.text).toContain('The Daily Brief');
    expect(mail?.text).toContain('/newsletters/confirm/?token=');
    expect(identities.has('new.reader@example.org')).toBe(false);
  });

  it('sends at most one confirmation per address per 10 minutes, with the same answer', async () => {
    const email = 'repeat@example.org';
    const first = await request(email, ['daily-brief']);
    later(3);
    const second = await request(email, ['beauty-weekly']);
    expect(second).toEqual(first);
    expect(mailsTo(email)).toHaveLength(1);
    later(SIGN_UP_LIMITS.resendAfterMinutes);
    await request(email, ['beauty-weekly']);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('answers an address with an account exactly as one without', async () => {
    const withAccount = await request('existing@example.org', ['daily-brief']);
    const without = await request('nobody.yet@example.org', ['daily-brief']);
    expect(Object.keys(withAccount)).toEqual(Object.keys(without));
    expect(mailsTo('existing@example.org')[0]?.subject).toBe(mailsTo('nobody.yet@example.org')[0]?.subject);
  });

  it('refuses unknown newsletter ids, sending nothing', async () => {
    await expect(request('unknown.ids@example.org', ['daily-brief', 'no-such-letter'])).rejects.toMatchObject(
      {
        code: 'newsletter_not_found',
        newsletterIds: ['no-such-letter'],
      },
    );
    expect(mailsTo('unknown.ids@example.org')).toHaveLength(0);
  });

  it('gives the slot back when the courier refuses, so the reader can try again at once', async () => {
    refuseMail = true;
    await expect(request('courier.down@example.org', ['daily-brief'])).rejects.toThrow('SMTP refused');
    refuseMail = false;
    await request('courier.down@example.org', ['daily-brief']);
    expect(mailsTo('courier.down@example.org')).toHaveLength(1);
  });
});

describe('confirming', () => {
  it('subscribes, makes the account, answers the recovery link; a replay is a no-op', async () => {
    const email = 'confirm.me@example.org';
    await request(email, ['daily-brief', 'beauty-weekly']);
    const token = tokenOf(mailsTo(email)[0]!);
    later(60);
    const confirmed = await signUp.confirm(token);
    expect(confirmed).toEqual({
      newsletterIds: ['daily-brief', 'beauty-weekly'],
      newlySubscribed: ['daily-brief', 'beauty-weekly'],
      recoveryLink: RECOVERY,
      alreadyConfirmed: false,
    });
    const userId = identities.get(email)!;
    expect(userId).toBeTruthy();
    expect(Object.fromEntries(await statuses(userId))).toEqual({
      'daily-brief': 'subscribed',
      'beauty-weekly': 'subscribed',
    });
    // The reader unsubscribes from one; replaying the link changes nothing.
    await createNewslettersRepo(database.db).unsubscribe(userId, 'beauty-weekly');
    const replay = await signUp.confirm(token);
    expect(replay).toMatchObject({ alreadyConfirmed: true, newlySubscribed: [] });
    expect((await statuses(userId)).get('beauty-weekly')).toBe('unsubscribed');
    expect([...identities.values()].filter((id) => id === userId)).toHaveLength(1);
  });

  it('subscribes an existing account without making another', async () => {
    const before = identities.size;
    later(SIGN_UP_LIMITS.resendAfterMinutes);
    await request('existing@example.org', ['luxury-weekly']);
    const token = tokenOf(mailsTo('existing@example.org').at(-1)!);
    await signUp.confirm(token);
    expect(identities.size).toBe(before);
    expect((await statuses('identity-existing')).get('luxury-weekly')).toBe('subscribed');
  });

  it('refuses a tampered link, changing nothing', async () => {
    const email = 'tamper@example.org';
    await request(email, ['daily-brief']);
    const token = tokenOf(mailsTo(email)[0]!);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ e: email, n: ['daily-brief', 'beauty-weekly'], t: clock.now.getTime() }),
    ).toString('base64url');
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature!.slice(0, -1)}A`,
      `${payload}`,
      'not-a-token',
      `${payload}.${signature}.extra`,
    ])
      await expect(signUp.confirm(bad)).rejects.toMatchObject({
        code: 'newsletter_confirmation_invalid',
        reason: 'invalid',
      });
    // A token signed with another key is refused too.
    const otherKey = signSignUpToken('another-secret', {
      email,
      newsletterIds: ['daily-brief'],
      issuedAt: clock.now,
    });
    await expect(signUp.confirm(otherKey)).rejects.toMatchObject({ reason: 'invalid' });
    expect(identities.has(email)).toBe(false);
  });

  it('refuses a link older than 48 hours', async () => {
    const email = 'late@example.org';
    await request(email, ['daily-brief']);
    const token = tokenOf(mailsTo(email)[0]!);
    later(SIGN_UP_LIMITS.linkLifetimeHours * 60 + 1);
    await expect(signUp.confirm(token)).rejects.toMatchObject({ reason: 'expired' });
    expect(identities.has(email)).toBe(false);
  });

  it('refuses a link replaced by a newer one', async () => {
    const email = 'twice@example.org';
    await request(email, ['daily-brief']);
    const older = tokenOf(mailsTo(email)[0]!);
    later(SIGN_UP_LIMITS.resendAfterMinutes + 1);
    await request(email, ['beauty-weekly']);
    await expect(signUp.confirm(older)).rejects.toMatchObject({ reason: 'superseded' });
    const newer = tokenOf(mailsTo(email)[1]!);
    expect(await signUp.confirm(newer)).toMatchObject({ newlySubscribed: ['beauty-weekly'] });
  });

  it('refuses a genuine-looking link for an address that never signed up', async () => {
    const token = signSignUpToken(SECRET, {
      email: 'never@example.org',
      newsletterIds: ['daily-brief'],
      issuedAt: clock.now,
    });
    await expect(signUp.confirm(token)).rejects.toMatchObject({ reason: 'invalid' });
  });
});
