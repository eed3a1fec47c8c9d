import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts, emailChangeRequests } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { Viewer } from '../../auth/viewer';
import type { MailMessage } from './email-change-mail';
import { createEmailChangeRepo } from './email-change.repo';
import {
  confirmEmailChange,
  hashEmailChangeCode,
  requestEmailChange,
  type EmailChangeDeps,
} from './email-change.service';
import type { IdentityAdmin } from './identity-admin';

// What the e-mail change stores, over a real database: the pending change (its code only as a hash, the
// tries counted) and the account's e-mail. The identity provider is a stand-in; the web tests run the
// same journey through the GraphQL endpoint against the built-in identity server.

let database: DatabaseHandle;
let deps: EmailChangeDeps;
const sent: MailMessage[] = [];
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const advance = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));
/** Identity e-mail by identity id, and when each reader last signed in. */
const identities = new Map<string, string>();
const signedInAt = new Map<string, Date>();

const identityAdmin: IdentityAdmin = {
  findIdentityById: async () => null,
  findIdentityByEmail: async () => null,
  findIdentityIdByEmail: async (email) => [...identities].find(([, e]) => e === email)?.[0] ?? null,
  findIdentityIdByVerifiableAddress: async () => null,
  createIdentity: async () => null,
  async changeEmail(id, { from, to }) {
    if (identities.get(id) !== from) return 'changed-meanwhile';
    identities.set(id, to);
    return 'changed';
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    identitySessions: {
      whoami: async (cookieHeader) => {
        const id = cookieHeader.replace('session=', '');
        const email = identities.get(id);
        return email
          ? { sessionId: `s-${id}`, identityId: id, email, authenticatedAt: signedInAt.get(id) }
          : null;
      },
    },
    identityAdmin,
    mailer: { send: async (message) => void sent.push(message) },
    repo: createEmailChangeRepo(database.db),
    now: () => clock.now,
    siteName: 'BoF',
    privilegedSessionMaxAgeSeconds: 900,
    reauthenticationUrl: 'http://localhost:3000/identity/self-service/login/browser?refresh=true',
  };
});
afterAll(async () => database?.close());

/** A signed-in reader: an account, an identity and a fresh sign-in. */
async function reader(userId: string) {
  const email = `${userId}@example.com`;
  await database.db.insert(accounts).values({ userId, email, firstSessionId: `s-${userId}` });
  identities.set(userId, email);
  signedInAt.set(userId, clock.now);
  const viewer = { userId, email } as Viewer;
  const request = { cookieHeader: `session=${userId}` };
  return {
    ask: (newEmail: string) => requestEmailChange(deps, viewer, { newEmail }, request),
    confirm: (code: string) => confirmEmailChange(deps, viewer, { code }, request),
  };
}

const codeSentTo = (address: string) =>
  /Your code: (\d{6})/.exec(sent.findLast((m) => m.to === address)!.text)![1]!;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function pending(userId: string) {
  const [row] = await database.db
    .select()
    .from(emailChangeRequests)
    .where(eq(emailChangeRequests.userId, userId));
  return row;
}

async function accountEmail(userId: string) {
  const [row] = await database.db.select().from(accounts).where(eq(accounts.userId, userId));
  return row?.email;
}

describe('the stored e-mail change', () => {
  it('keeps the code only as a hash bound to the reader and the new address, changing nothing else', async () => {
    const ada = await reader('ada-hash');
    await ada.ask('ada.hash.new@example.com');
    const code = codeSentTo('ada.hash.new@example.com');
    const row = await pending('ada-hash');
    expect(row).toMatchObject({ newEmail: 'ada.hash.new@example.com', attempts: 0, usedAt: null, sends: 1 });
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toBe(hashEmailChangeCode('ada-hash', 'ada.hash.new@example.com', code));
    expect(await accountEmail('ada-hash')).toBe('ada-hash@example.com');
  });

  it('counts every wrong try, and after the fifth gives the change up, the account unchanged', async () => {
    const ada = await reader('ada-tries');
    await ada.ask('ada.tries.new@example.com');
    const code = codeSentTo('ada.tries.new@example.com');
    for (let tries = 1; tries <= 5; tries += 1) {
      await expect(ada.confirm(otherCode(code))).rejects.toMatchObject({
        fieldErrors: [{ code: tries < 5 ? 'invalid_code' : 'too_many_attempts' }],
      });
      expect((await pending('ada-tries'))?.attempts).toBe(tries);
    }
    await expect(ada.confirm(code)).rejects.toMatchObject({
      fieldErrors: [{ code: 'too_many_attempts' }],
    });
    expect(identities.get('ada-tries')).toBe('ada-tries@example.com');
    expect(await accountEmail('ada-tries')).toBe('ada-tries@example.com');
    // A new request starts the count over.
    await ada.ask('ada.tries.new@example.com');
    expect((await pending('ada-tries'))?.attempts).toBe(0);
  });

  it('does not count a try refused because the sign-in grew old, and leaves the account alone', async () => {
    const ada = await reader('ada-ageing');
    advance(800);
    await ada.ask('ada.ageing.new@example.com');
    advance(200);
    await expect(ada.confirm(codeSentTo('ada.ageing.new@example.com'))).rejects.toMatchObject({
      code: 'session_refresh_required',
    });
    expect(await pending('ada-ageing')).toMatchObject({ attempts: 0, usedAt: null });
    expect(await accountEmail('ada-ageing')).toBe('ada-ageing@example.com');
  });

  it('on the right code, changes the account’s e-mail and marks the change used', async () => {
    const ada = await reader('ada-done');
    await ada.ask('ada.done.new@example.com');
    advance(60);
    expect(await ada.confirm(codeSentTo('ada.done.new@example.com'))).toEqual({
      email: 'ada.done.new@example.com',
    });
    expect(await accountEmail('ada-done')).toBe('ada.done.new@example.com');
    expect(await pending('ada-done')).toMatchObject({ attempts: 1, usedAt: clock.now });
  });
});
