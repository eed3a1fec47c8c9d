import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKratosIdentityAdmin } from '@bof/api/email-change';
import { createGraphQLHarness, type GraphQLHarness } from '@bof/api/testing/graphql-harness';
import { readSetCookie } from '@bof/http/cookies';
import { createIdentityAdminServer } from '@bof/identity/admin';
import { identityConfigFromEnv } from '@bof/identity/config';
import { createOutboxMailer, listOutbox } from '@bof/identity/mailer';
import { createIdentityServer, type IdentityServer } from '@bof/identity/server';

// The e-mail change as server.ts composes it: the GraphQL API, the built-in identity server (public API
// for whoami, admin API in-process for the change) and its courier's outbox, over one test database.

let harness: GraphQLHarness;
let identity: IdentityServer;
let admin: ReturnType<typeof createIdentityAdminServer>;
let base: string;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const advance = (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000));

beforeAll(async () => {
  harness = await createGraphQLHarness({
    ports: ({ env, db }) => {
      base = env.identityBaseUrl;
      identity = createIdentityServer({
        db,
        config: { ...identityConfigFromEnv(env), rateLimitPerIp: 10_000, rateLimitPerIdentifier: 1000 },
        clock: () => clock.now,
      });
      admin = createIdentityAdminServer({ db, publicBaseUrl: base, clock: () => clock.now });
      return {
        courier: createOutboxMailer(db),
        identityAdmin: admin.fetch,
        identityPublic: identity.fetch,
        now: () => clock.now,
      };
    },
  });
});
afterAll(async () => harness?.close());

interface Reader {
  identityId: string;
  email: string;
  cookie: string;
  viewer: Awaited<ReturnType<GraphQLHarness['signIn']>>;
}

/** Registers through the identity server's browser flow (as a browser would) and records the account. */
async function register(email: string): Promise<Reader> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await identity.fetch(new Request(url, { ...init, headers }));
    for (const line of response.headers.getSetCookie()) {
      const { name, value } = readSetCookie(line);
      jar.set(name, value);
    }
    return (await response.json()) as Record<string, unknown>;
  };
  const flow = (await send(`${base}/self-service/registration/browser`)) as {
    id: string;
    ui: { nodes: { attributes: { name?: string; value?: string } }[] };
  };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const done = (await send(`${base}/self-service/registration?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      method: 'password',
      password: 'velvet-runway-42',
      traits: { email, name: { first: 'Ada' } },
      csrf_token: csrf,
    }),
  })) as { session: { identity: { id: string } } };
  const identityId = done.session.identity.id;
  await harness.db.execute(
    sql`insert into accounts (user_id, email, first_session_id) values (${identityId}, ${email}, 's')`,
  );
  const viewer = { ...(await harness.signIn(identityId)), email };
  return { identityId, email, cookie: `ory_kratos_session=${jar.get('ory_kratos_session')}`, viewer };
}

type Result = {
  __typename: string;
  message?: string;
  fieldErrors?: { path: string[]; code: string; message: string }[];
  redirectBrowserTo?: string;
  retryAfterSeconds?: number;
  newEmail?: string;
  email?: string;
};

async function gql(query: string, variables: Record<string, unknown>, reader?: Reader, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (reader) headers['x-test-viewer'] = JSON.stringify(reader.viewer);
  if (cookie ?? reader?.cookie) headers.cookie = (cookie ?? reader?.cookie)!;
  const response = await harness.handler(
    new Request(harness.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
  );
  const body = (await response.json()) as { data?: Record<string, Result>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0]!;
}

const RESULT = `__typename ... on Error { message } ... on ZodError { fieldErrors { path code message } }`;
const REQUEST_ERRORS = `... on SessionRefreshRequiredError { redirectBrowserTo }
  ... on EmailChangeRateLimitedError { retryAfterSeconds }`;
const request = (newEmail: string, reader?: Reader, cookie?: string) =>
  gql(
    `mutation ($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { ${RESULT} ${REQUEST_ERRORS} ... on EmailChangeRequested { newEmail expiresAt } } }`,
    { input: { newEmail } },
    reader,
    cookie,
  );
const confirm = (code: string, reader?: Reader) =>
  gql(
    `mutation ($input: ConfirmEmailChangeInput!) { confirmEmailChange(input: $input) { ${RESULT} ... on SessionRefreshRequiredError { redirectBrowserTo } ... on EmailChanged { email } } }`,
    { input: { code } },
    reader,
  );

async function codeSentTo(address: string): Promise<string> {
  const message = (await listOutbox(harness.db)).find((m) => m.recipient === address);
  const code = message && /Your code: (\d{6})/.exec(message.bodyText)?.[1];
  if (!code) throw new Error(`no code was sent to ${address}`);
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function adminIdentity(id: string) {
  const response = await admin.fetch(new Request(`http://admin/admin/identities/${id}`));
  return (await response.json()) as Record<string, unknown>;
}

async function accountEmail(userId: string): Promise<string | undefined> {
  const result = await harness.db.execute<{ email: string }>(
    sql`select email from accounts where user_id = ${userId}`,
  );
  return (result as unknown as { rows: { email: string }[] }).rows[0]?.email;
}

const fieldCodes = (result: Result) => result.fieldErrors?.map((e) => `${e.path.join('.')}:${e.code}`);

describe('requestEmailChange', () => {
  it('answers AuthError when logged out, or when the identity session is not the viewer’s', async () => {
    expect(await request('new@example.com')).toMatchObject({ __typename: 'AuthError' });
    const ada = await register('ada.auth@example.com');
    const bob = await register('bob.auth@example.com');
    expect(await request('new@example.com', ada, bob.cookie)).toMatchObject({ __typename: 'AuthError' });
    expect(await request('new@example.com', ada, 'ory_kratos_session=forged')).toMatchObject({
      __typename: 'AuthError',
    });
    expect(await confirm('123456')).toMatchObject({ __typename: 'AuthError' });
  });

  it('answers ZodError for a malformed, too long, current or taken address, sending nothing', async () => {
    const ada = await register('ada.input@example.com');
    await register('taken@example.com');
    const before = (await listOutbox(harness.db)).length;
    expect(fieldCodes(await request('not an address', ada))).toEqual(['input.newEmail:invalid_format']);
    expect(fieldCodes(await request(`${'x'.repeat(250)}@example.com`, ada))).toEqual([
      'input.newEmail:too_big',
    ]);
    expect(fieldCodes(await request('  ADA.input@example.com ', ada))).toEqual([
      'input.newEmail:same_as_current',
    ]);
    const taken = await request('Taken@example.com', ada);
    expect(taken.fieldErrors).toEqual([
      {
        path: ['input', 'newEmail'],
        code: 'already_used',
        message: 'This e-mail address is already used by another account.',
      },
    ]);
    expect(fieldCodes(await confirm('12ab', ada))).toEqual(['input.code:invalid_format']);
    expect((await listOutbox(harness.db)).length).toBe(before);
  });

  it('asks for a fresh sign-in when the identity session is older than the privileged window', async () => {
    const ada = await register('ada.stale@example.com');
    advance(901);
    const result = await request('ada.fresh@example.com', ada);
    expect(result.__typename).toBe('SessionRefreshRequiredError');
    const url = new URL(result.redirectBrowserTo!);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/self-service/login/browser`);
    expect(url.searchParams.get('refresh')).toBe('true');
    expect(url.searchParams.get('return_to')).toBe(`${new URL(base).origin}/user/account/`);
    await expect(codeSentTo('ada.fresh@example.com')).rejects.toThrow();
  });

  it('limits the codes a reader can ask for in an hour', async () => {
    const ada = await register('ada.limit@example.com');
    for (let i = 0; i < 5; i += 1)
      expect(await request(`ada.limit${i}@example.com`, ada)).toMatchObject({
        __typename: 'EmailChangeRequested',
      });
    const limited = await request('ada.limit5@example.com', ada);
    expect(limited).toMatchObject({ __typename: 'EmailChangeRateLimitedError' });
    expect(limited.retryAfterSeconds).toBeGreaterThan(3000);
    advance(3601);
    const again = await register('ada.limit.again@example.com');
    expect(await request('ada.later@example.com', again)).toMatchObject({
      __typename: 'EmailChangeRequested',
    });
  });
});

describe('confirmEmailChange', () => {
  it('counts wrong codes, then refuses even the right one after the fifth', async () => {
    const ada = await register('ada.tries@example.com');
    await request('ada.tries.new@example.com', ada);
    const code = await codeSentTo('ada.tries.new@example.com');
    const first = await confirm(otherCode(code), ada);
    expect(first.fieldErrors).toEqual([
      { path: ['input', 'code'], code: 'invalid_code', message: 'That code is not right. 4 tries left.' },
    ]);
    for (let i = 0; i < 4; i += 1) await confirm(otherCode(code), ada);
    expect(fieldCodes(await confirm(code, ada))).toEqual(['input.code:too_many_attempts']);
    expect((await adminIdentity(ada.identityId)).traits).toMatchObject({ email: 'ada.tries@example.com' });
    // A new request starts over.
    await request('ada.tries.new@example.com', ada);
    expect(await confirm(await codeSentTo('ada.tries.new@example.com'), ada)).toMatchObject({
      __typename: 'EmailChanged',
    });
  });

  it('asks for a fresh sign-in when the sign-in grew old after the code was sent, changing nothing', async () => {
    const ada = await register('ada.ageing@example.com');
    advance(800);
    await request('ada.ageing.new@example.com', ada);
    const code = await codeSentTo('ada.ageing.new@example.com');
    advance(200); // the code is still valid (10 minutes); the sign-in is not (15 minutes)
    const result = await confirm(code, ada);
    expect(result).toMatchObject({
      __typename: 'SessionRefreshRequiredError',
      message:
        'You signed in too long ago to change your e-mail address. Sign in again to change your e-mail address.',
    });
    expect(new URL(result.redirectBrowserTo!).searchParams.get('refresh')).toBe('true');
    expect((await adminIdentity(ada.identityId)).traits).toMatchObject({ email: 'ada.ageing@example.com' });
    expect(await accountEmail(ada.identityId)).toBe('ada.ageing@example.com');
    const pending = await harness.db.execute<{ attempts: number; used_at: Date | null }>(
      sql`select attempts, used_at from email_change_requests where user_id = ${ada.identityId}`,
    );
    // The refused try did not count against the code.
    expect((pending as unknown as { rows: unknown[] }).rows).toEqual([{ attempts: 0, used_at: null }]);
  });

  it('refuses an expired code, a used one, and confirming without a pending change', async () => {
    const ada = await register('ada.expiry@example.com');
    expect(fieldCodes(await confirm('123456', ada))).toEqual(['input.code:no_pending_change']);
    await request('ada.expiry.new@example.com', ada);
    const code = await codeSentTo('ada.expiry.new@example.com');
    advance(601);
    expect(await confirm(code, ada)).toMatchObject({
      fieldErrors: [{ code: 'expired', message: 'This code has expired. Ask for a new code.' }],
    });
    const bob = await register('bob.used@example.com');
    await request('bob.used.new@example.com', bob);
    const bobCode = await codeSentTo('bob.used.new@example.com');
    expect(await confirm(bobCode, bob)).toMatchObject({ __typename: 'EmailChanged' });
    expect(fieldCodes(await confirm(bobCode, bob))).toEqual(['input.code:no_pending_change']);
  });

  it("cannot confirm someone else's pending change", async () => {
    const ada = await register('ada.mine@example.com');
    const eve = await register('eve.thief@example.com');
    await request('ada.mine.new@example.com', ada);
    const code = await codeSentTo('ada.mine.new@example.com');
    expect(fieldCodes(await confirm(code, eve))).toEqual(['input.code:no_pending_change']);
    await request('eve.thief.new@example.com', eve);
    expect(fieldCodes(await confirm(code, eve))).toEqual(['input.code:invalid_code']);
    expect((await adminIdentity(eve.identityId)).traits).toMatchObject({ email: 'eve.thief@example.com' });
    expect(await confirm(code, ada)).toMatchObject({
      __typename: 'EmailChanged',
      email: 'ada.mine.new@example.com',
    });
  });

  it('changes the identity’s trait and addresses (new one verified) and the account’s e-mail', async () => {
    const ada = await register('ada.change@example.com');
    const requested = await request(' Ada.Changed@Example.com ', ada);
    expect(requested).toMatchObject({
      __typename: 'EmailChangeRequested',
      newEmail: 'ada.changed@example.com',
    });
    const message = (await listOutbox(harness.db)).find((m) => m.recipient === 'ada.changed@example.com')!;
    expect(message).toMatchObject({ templateType: 'email_change_code' });
    // The pending change is stored, its code only as a hash.
    const stored = await harness.db.execute<{ new_email: string; code_hash: string }>(
      sql`select new_email, code_hash from email_change_requests where user_id = ${ada.identityId}`,
    );
    const [pending] = (stored as unknown as { rows: { new_email: string; code_hash: string }[] }).rows;
    expect(pending?.new_email).toBe('ada.changed@example.com');
    expect(pending?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.code_hash).not.toContain(await codeSentTo('ada.changed@example.com'));
    // Nothing changes before the code is confirmed.
    expect((await adminIdentity(ada.identityId)).traits).toMatchObject({ email: 'ada.change@example.com' });
    expect(await accountEmail(ada.identityId)).toBe('ada.change@example.com');

    const changed = await confirm(` ${await codeSentTo('ada.changed@example.com')} `, ada);
    expect(changed).toEqual({ __typename: 'EmailChanged', email: 'ada.changed@example.com' });
    expect(await adminIdentity(ada.identityId)).toMatchObject({
      traits: { email: 'ada.changed@example.com', name: { first: 'Ada' } },
      verifiable_addresses: [{ value: 'ada.changed@example.com', verified: true, status: 'completed' }],
      recovery_addresses: [{ value: 'ada.changed@example.com' }],
      credentials: { password: { identifiers: ['ada.changed@example.com'] } },
    });
    expect(await accountEmail(ada.identityId)).toBe('ada.changed@example.com');
    const byOld = await admin.fetch(
      new Request('http://admin/admin/identities?credentials_identifier=ada.change@example.com'),
    );
    expect(await byOld.json()).toEqual([]);
    // The identity session carries on, and whoami now names the new address.
    const whoami = await identity.fetch(
      new Request(`${base}/sessions/whoami`, { headers: { cookie: ada.cookie, accept: 'application/json' } }),
    );
    expect(await whoami.json()).toMatchObject({ identity: { traits: { email: 'ada.changed@example.com' } } });
  });
});

describe('the identity port against the built-in admin API', () => {
  it('finds an identity by id and by e-mail, and null for unknown ones', async () => {
    const grace = await register('grace.port@example.com');
    const port = createKratosIdentityAdmin({
      baseUrl: 'http://admin',
      fetch: (url, init) => admin.fetch(new Request(url, init)),
    });
    const expected = {
      id: grace.identityId,
      email: 'grace.port@example.com',
      state: 'active',
      emailVerified: false,
    };
    expect(await port.findIdentityById(grace.identityId)).toEqual(expected);
    expect(await port.findIdentityByEmail('grace.port@example.com')).toEqual(expected);
    expect(await port.findIdentityById('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await port.findIdentityById('not-a-uuid')).toBeNull();
    expect(await port.findIdentityByEmail('nobody.port@example.com')).toBeNull();
  });
});
