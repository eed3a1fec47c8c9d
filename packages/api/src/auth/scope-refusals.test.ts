import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import '../schema';
import type { OrganisationRoles } from './organisation-roles';
import type { Viewer } from './viewer';

// The scopes of spec §6 as a request meets them: a small schema of test-only fields, built by the real
// builder (its scope, errors and validation settings), so each refusal is seen as a client sees it.
// The fields declare no error types of their own: AuthError and UnauthorizedError come from the
// builder's defaults.

const Secret = builder.objectRef<{ text: string }>('ScopeTestSecret').implement({
  fields: (t) => ({ text: t.exposeString('text') }),
});

const open = () => ({ text: 'opened' });
for (const [name, scopes] of [
  ['memberSecret', { member: true }],
  ['studentSecret', { student: true }],
  ['adminSecret', { admin: true }],
] as const) {
  builder.queryField(name, (t) =>
    t.field({ type: Secret, authScopes: scopes, errors: { directResult: true }, resolve: open }),
  );
}
builder.queryField('organisationSecret', (t) =>
  t.field({
    type: Secret,
    args: { accountId: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({
      organisationRole: { accountId: args.accountId, roles: ['OWNER', 'ADMIN'] },
    }),
    errors: { directResult: true },
    resolve: open,
  }),
);
const testSchema = builder.toSchema();

const reader: Viewer = {
  userId: 'reader-1',
  email: 'reader@example.org',
  membershipLevel: 'None',
  membershipType: 'None',
  isBofAdmin: false,
  isFirstLogin: false,
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: true,
};
const member: Viewer = {
  ...reader,
  userId: 'member-1',
  membershipLevel: 'Standard',
  membershipType: 'Individual',
};
const student: Viewer = {
  ...reader,
  userId: 'student-1',
  membershipLevel: 'Standard',
  membershipType: 'Student',
};
const admin: Viewer = { ...reader, userId: 'admin-1', isBofAdmin: true };

// reader-1 is a USER of acct-1 and an OWNER of acct-2.
const organisationRoles: OrganisationRoles = {
  roleOf: async ({ accountId, userId }) =>
    userId !== 'reader-1' ? null : accountId === 'acct-1' ? 'USER' : accountId === 'acct-2' ? 'OWNER' : null,
};

async function ask(viewer: Viewer | null, field: string) {
  const yoga = createYoga<Record<string, never>, GraphQLContext>({
    schema: testSchema,
    maskedErrors: false,
    context: () => ({
      viewer,
      organisationRoles,
      services: {} as never,
      membershipRecords: {} as never,
      request: new Request('http://localhost/'),
    }),
  });
  const query = `{ ${field} {
    __typename
    ... on ScopeTestSecret { text }
    ... on UnauthorizedError { message accountId requesterUserId }
    ... on AuthError { message }
  } }`;
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0];
}

const opened = { __typename: 'ScopeTestSecret', text: 'opened' };
const refused = (requesterUserId: string, accountId: string | null = null) => ({
  __typename: 'UnauthorizedError',
  message: 'You are not allowed to do this.',
  accountId,
  requesterUserId,
});

describe('a refused scope check, as the client receives it', () => {
  it.each(['memberSecret', 'studentSecret', 'adminSecret', 'organisationSecret(accountId: "acct-2")'])(
    'asks an anonymous request to sign in: %s',
    async (field) => {
      expect(await ask(null, field)).toEqual({
        __typename: 'AuthError',
        message: 'You need to sign in to do this.',
      });
    },
  );

  it('member: a reader without membership is refused, a member passes', async () => {
    expect(await ask(reader, 'memberSecret')).toEqual(refused('reader-1'));
    expect(await ask(member, 'memberSecret')).toEqual(opened);
    expect(await ask(student, 'memberSecret')).toEqual(opened);
  });

  it('student: a member who is not a student is refused, a student passes', async () => {
    expect(await ask(member, 'studentSecret')).toEqual(refused('member-1'));
    expect(await ask(student, 'studentSecret')).toEqual(opened);
  });

  it('admin: anyone without is_bof_admin is refused, an admin passes', async () => {
    expect(await ask(member, 'adminSecret')).toEqual(refused('member-1'));
    expect(await ask(admin, 'adminSecret')).toEqual(opened);
  });

  it('organisation role: refused naming the account, unless the reader holds a required role there', async () => {
    expect(await ask(reader, 'organisationSecret(accountId: "acct-1")')).toEqual(
      refused('reader-1', 'acct-1'),
    );
    expect(await ask(reader, 'organisationSecret(accountId: "acct-9")')).toEqual(
      refused('reader-1', 'acct-9'),
    );
    expect(await ask(admin, 'organisationSecret(accountId: "acct-2")')).toEqual(refused('admin-1', 'acct-2'));
    expect(await ask(reader, 'organisationSecret(accountId: "acct-2")')).toEqual(opened);
  });
});
