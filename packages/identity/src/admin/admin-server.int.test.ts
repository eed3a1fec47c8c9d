import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { createIdentityStore, type IdentityRecord } from '../store/identity-store';
import { kratosSchemaErrors } from '../testing/kratos-schemas';
import { TEST_BASE, testIdentityServer } from '../testing/test-identity-server';
import { createIdentityAdminServer } from './admin-server';

let handle: DatabaseHandle;
let admin: ReturnType<typeof createIdentityAdminServer>;
const now = new Date('2026-03-01T10:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = createIdentityAdminServer({ db: handle.db, publicBaseUrl: TEST_BASE, clock: () => now });
});
afterAll(async () => handle.close());

async function person(email: string, verified = true): Promise<IdentityRecord> {
  const created = await createIdentityStore(handle.db).create({
    traits: { email, name: { first: 'Ada' } },
    verified,
    credentials: [{ type: 'code', identifier: email, config: {} }],
    now,
  });
  return created!;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await admin.fetch(
    new Request(`http://admin.test${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the admin API's identities", () => {
  it('are read by id and found by credential identifier, in Kratos shapes', async () => {
    const ada = await person('ada.admin@example.com');
    const one = await call('GET', `/admin/identities/${ada.id}`);
    expect(one.status).toBe(200);
    expect(kratosSchemaErrors('identity', one.body)).toBe('');
    expect(one.body).toMatchObject({ id: ada.id, traits: { email: 'ada.admin@example.com' } });

    const list = await call('GET', '/admin/identities?credentials_identifier=ADA.admin@example.com');
    expect(list.body).toEqual([expect.objectContaining({ id: ada.id })]);
    expect((await call('GET', '/admin/identities?credentials_identifier=nobody@example.com')).body).toEqual(
      [],
    );
    expect((await call('GET', '/admin/identities/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('take a JSON Patch: a new e-mail moves addresses and credentials, verified when the patch says so', async () => {
    const ada = await person('ada.patch@example.com');
    const patched = await call('PATCH', `/admin/identities/${ada.id}`, [
      { op: 'test', path: '/traits/email', value: 'ada.patch@example.com' },
      { op: 'replace', path: '/traits/email', value: 'ada.new@example.com' },
      {
        op: 'replace',
        path: '/verifiable_addresses',
        value: [{ value: 'ada.new@example.com', via: 'email', verified: true, status: 'completed' }],
      },
      { op: 'replace', path: '/recovery_addresses', value: [{ value: 'ada.new@example.com', via: 'email' }] },
    ]);
    expect(patched.status).toBe(200);
    expect(kratosSchemaErrors('identity', patched.body)).toBe('');
    expect(patched.body).toMatchObject({
      traits: { email: 'ada.new@example.com', name: { first: 'Ada' } },
      verifiable_addresses: [
        { value: 'ada.new@example.com', verified: true, status: 'completed', verified_at: now.toISOString() },
      ],
      recovery_addresses: [{ value: 'ada.new@example.com' }],
      credentials: { code: { identifiers: ['ada.new@example.com'] } },
    });
    const store = createIdentityStore(handle.db);
    expect((await store.findByEmail('ada.new@example.com'))?.id).toBe(ada.id);
    expect(await store.findByEmail('ada.patch@example.com')).toBeUndefined();
  });

  it('refuse a failed test, a protected path, a taken e-mail and bad traits, changing nothing', async () => {
    const grace = await person('grace@example.com');
    await person('taken@example.com');
    const patch = (ops: unknown) => call('PATCH', `/admin/identities/${grace.id}`, ops);
    expect((await patch([{ op: 'test', path: '/traits/email', value: 'other@example.com' }])).status).toBe(
      400,
    );
    expect((await patch([{ op: 'replace', path: '/id', value: 'x' }])).status).toBe(400);
    expect((await patch([{ op: 'add', path: '/credentials/password', value: {} }])).status).toBe(400);
    expect((await patch({ op: 'replace' })).status).toBe(400);
    const taken = await patch([{ op: 'replace', path: '/traits/email', value: 'taken@example.com' }]);
    expect(taken.status).toBe(409);
    expect(kratosSchemaErrors('errorGeneric', taken.body)).toBe('');
    expect((await patch([{ op: 'replace', path: '/traits/email', value: 'not-an-address' }])).status).toBe(
      400,
    );
    const after = await call('GET', `/admin/identities/${grace.id}`);
    expect(after.body).toMatchObject({ traits: { email: 'grace@example.com' } });
  });

  it('take a PUT: a new e-mail without a listed address is unverified (Kratos semantics)', async () => {
    const lin = await person('lin@example.com');
    const put = await call('PUT', `/admin/identities/${lin.id}`, {
      schema_id: 'default',
      state: 'active',
      traits: { email: 'lin.new@example.com' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      traits: { email: 'lin.new@example.com' },
      verifiable_addresses: [{ value: 'lin.new@example.com', verified: false, status: 'pending' }],
    });
    expect((await call('PUT', `/admin/identities/${lin.id}`, { state: 'active' })).status).toBe(400);
  });

  it('are created without credentials, verified when listed so; a taken or bad address is refused', async () => {
    const created = await call('POST', '/admin/identities', {
      schema_id: 'default',
      traits: { email: 'New.Reader@example.com' },
      verifiable_addresses: [{ value: 'new.reader@example.com', verified: true, via: 'email' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      traits: { email: 'new.reader@example.com' },
      verifiable_addresses: [{ value: 'new.reader@example.com', verified: true }],
      recovery_addresses: [{ value: 'new.reader@example.com' }],
    });
    const found = await call('GET', '/admin/identities?credentials_identifier=new.reader@example.com');
    expect(found.body).toMatchObject([{ id: created.body.id }]);
    expect(
      (await call('POST', '/admin/identities', { traits: { email: 'new.reader@example.com' } })).status,
    ).toBe(409);
    expect((await call('POST', '/admin/identities', { traits: { email: 'not-an-address' } })).status).toBe(
      400,
    );
    expect(
      (
        await call('POST', '/admin/identities', {
          traits: { email: 'with.password@example.com' },
          credentials: { password: { config: { password: 'x' } } },
        })
      ).status,
    ).toBe(400);
  });

  it('are deleted with their credentials: 204, then 404 for the same id or an unknown one', async () => {
    const kim = await person('kim.deleted@example.com');
    const remove = (id: string) =>
      admin.fetch(new Request(`http://admin.test/admin/identities/${id}`, { method: 'DELETE' }));
    expect((await remove(kim.id)).status).toBe(204);
    expect((await call('GET', `/admin/identities/${kim.id}`)).status).toBe(404);
    expect(await createIdentityStore(handle.db).findByEmail('kim.deleted@example.com')).toBeUndefined();
    expect((await remove(kim.id)).status).toBe(404);
    expect((await remove('not-an-id')).status).toBe(404);
  });
});

describe('the admin API', () => {
  it('asks for the bearer token when it has one', async () => {
    const guarded = createIdentityAdminServer({
      db: handle.db,
      publicBaseUrl: TEST_BASE,
      bearerToken: 'ory_pat_0123456789abcdef',
    });
    const ask = (authorization?: string) =>
      guarded.fetch(
        new Request('http://admin.test/admin/identities?credentials_identifier=x@example.com', {
          headers: authorization ? { authorization } : {},
        }),
      );
    expect((await ask()).status).toBe(401);
    expect((await ask('Bearer wrong')).status).toBe(401);
    expect((await ask('Bearer ory_pat_0123456789abcdef')).status).toBe(200);
  });

  it('is not reachable through the public identity server', async () => {
    const ada = await person('ada.public@example.com');
    const { server } = testIdentityServer(handle.db);
    for (const path of [
      `/admin/identities/${ada.id}`,
      '/admin/identities?credentials_identifier=ada.public@example.com',
    ]) {
      const response = await server.fetch(
        new Request(`${TEST_BASE}${path}`, { headers: { accept: 'application/json' } }),
      );
      expect(response.status).toBe(404);
    }
    const patch = await server.fetch(
      new Request(`${TEST_BASE}/admin/identities/${ada.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ op: 'replace', path: '/traits/email', value: 'evil@example.com' }]),
      }),
    );
    expect(patch.status).toBe(404);
    expect((await createIdentityStore(handle.db).findById(ada.id))?.traits.email).toBe(
      'ada.public@example.com',
    );
  });
});
