import { describe, expect, it } from 'vitest';
import { emailChangeCodeMessage } from './email-change-mail';
import { confirmEmailChangeSchema, requestEmailChangeSchema } from './email-change.inputs';
import { hashEmailChangeCode } from './email-change.service';
import { createKratosIdentityAdmin } from './identity-admin';

describe('the e-mail change inputs', () => {
  it('trim and lower-case the address, and report each broken rule on newEmail', () => {
    expect(requestEmailChangeSchema.parse({ newEmail: ' Ada@Example.COM ' })).toEqual({
      newEmail: 'ada@example.com',
    });
    const codes = (newEmail: string) =>
      requestEmailChangeSchema.safeParse({ newEmail }).error?.issues.map((i) => `${i.path}:${i.code}`);
    expect(codes('ada@example')).toEqual(['newEmail:invalid_format']);
    expect(codes(`${'a'.repeat(250)}@example.com`)).toContain('newEmail:too_big');
    expect(codes('a<b>@example.com')).toEqual(['newEmail:invalid_format']);
    expect(codes(`${'a'.repeat(65)}@example.com`)).toEqual(['newEmail:custom']);
    expect(codes(`${'a'.repeat(64)}@example.com`)).toBeUndefined();
    expect(codes('   ')).toContain('newEmail:too_small');
  });

  it('take a six-digit code, ignoring spaces', () => {
    expect(confirmEmailChangeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(confirmEmailChangeSchema.safeParse({ code: '12345a' }).success).toBe(false);
    expect(confirmEmailChangeSchema.safeParse({ code: '1234567' }).success).toBe(false);
  });
});

describe('the code', () => {
  it('is stored as a hash bound to the reader and the new address', () => {
    const hash = hashEmailChangeCode('u1', 'new@example.com', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(hashEmailChangeCode('u2', 'new@example.com', '123456')).not.toBe(hash);
    expect(hashEmailChangeCode('u1', 'other@example.com', '123456')).not.toBe(hash);
  });

  it('goes out in a message whose text the development mailbox reads the code from', () => {
    const message = emailChangeCodeMessage({
      siteName: 'BoF',
      to: 'n@example.com',
      code: '042001',
      validMinutes: 10,
    });
    expect(message).toMatchObject({ to: 'n@example.com', templateType: 'email_change_code' });
    expect(message.text).toContain('Your code: 042001');
    expect(message.html).toContain('042001');
  });
});

describe('the Kratos admin port', () => {
  const recording = (respond: (method: string, url: string) => Response) => {
    const calls: { method: string; url: string; auth: string | null; body: unknown }[] = [];
    const admin = createKratosIdentityAdmin({
      baseUrl: 'https://kratos-admin.example/',
      token: 'ory_pat_0123456789abcdef',
      fetch: async (url, init) => {
        const method = init.method ?? 'GET';
        calls.push({
          method,
          url,
          auth: new Headers(init.headers).get('authorization'),
          body: init.body ? JSON.parse(String(init.body)) : undefined,
        });
        return respond(method, url);
      },
    });
    return { admin, calls };
  };

  it('finds an identity by credential identifier, with the bearer token', async () => {
    const { admin, calls } = recording(() =>
      Response.json([{ id: 'i9', traits: { email: 'x@example.com' } }]),
    );
    expect(await admin.findIdentityIdByEmail('x+1@example.com')).toBe('i9');
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: 'https://kratos-admin.example/admin/identities?credentials_identifier=x%2B1%40example.com&page_size=1',
      auth: 'Bearer ory_pat_0123456789abcdef',
    });
  });

  it('finds an identity by id, null when Kratos answers 404', async () => {
    const { admin, calls } = recording((_, url) =>
      url.endsWith('/i9')
        ? Response.json({
            id: 'i9',
            state: 'active',
            traits: { email: 'x@example.com' },
            verifiable_addresses: [{ value: 'x@example.com', verified: true, via: 'email' }],
          })
        : Response.json({ error: { code: 404 } }, { status: 404 }),
    );
    expect(await admin.findIdentityById('i9')).toEqual({
      id: 'i9',
      email: 'x@example.com',
      state: 'active',
      emailVerified: true,
    });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: 'https://kratos-admin.example/admin/identities/i9',
      auth: 'Bearer ory_pat_0123456789abcdef',
    });
    expect(await admin.findIdentityById('missing')).toBeNull();
  });

  it('finds an identity by e-mail with its state and verification', async () => {
    const { admin } = recording(() =>
      Response.json([
        {
          id: 'i9',
          state: 'inactive',
          traits: { email: 'x@example.com' },
          verifiable_addresses: [{ value: 'x@example.com', verified: false }],
        },
      ]),
    );
    expect(await admin.findIdentityByEmail('x@example.com')).toEqual({
      id: 'i9',
      email: 'x@example.com',
      state: 'inactive',
      emailVerified: false,
    });
  });

  it('changes the e-mail with one conditional JSON Patch and reads the answers as outcomes', async () => {
    const { admin, calls } = recording(() =>
      Response.json({ id: 'i1', traits: { email: 'new@example.com' } }),
    );
    const at = new Date('2026-03-01T10:00:00Z');
    expect(
      await admin.changeEmail('i1', { from: 'old@example.com', to: 'new@example.com', verifiedAt: at }),
    ).toBe('changed');
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: 'https://kratos-admin.example/admin/identities/i1',
    });
    expect(calls[0]!.body).toEqual([
      { op: 'test', path: '/traits/email', value: 'old@example.com' },
      { op: 'replace', path: '/traits/email', value: 'new@example.com' },
      {
        op: 'replace',
        path: '/verifiable_addresses',
        value: [
          {
            value: 'new@example.com',
            via: 'email',
            verified: true,
            status: 'completed',
            verified_at: at.toISOString(),
          },
        ],
      },
      { op: 'replace', path: '/recovery_addresses', value: [{ value: 'new@example.com', via: 'email' }] },
    ]);
    const change = { from: 'old@example.com', to: 'new@example.com', verifiedAt: at };
    expect(await recording(() => new Response('{}', { status: 409 })).admin.changeEmail('i1', change)).toBe(
      'taken',
    );
    expect(await recording(() => new Response('{}', { status: 404 })).admin.changeEmail('i1', change)).toBe(
      'not-found',
    );
    const moved = recording((method) =>
      method === 'PATCH'
        ? new Response('{}', { status: 400 })
        : Response.json({ id: 'i1', traits: { email: 'elsewhere@example.com' } }),
    );
    expect(await moved.admin.changeEmail('i1', change)).toBe('changed-meanwhile');
    await expect(
      recording(() => new Response('{}', { status: 500 })).admin.changeEmail('i1', change),
    ).rejects.toThrow(/answered 500/);
  });
});
