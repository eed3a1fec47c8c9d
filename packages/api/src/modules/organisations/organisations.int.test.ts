import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationAccountRole } from '@bof/config/enums';
import { organisationAccountDomains, userData } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { NO_MEMBERSHIP, type Membership } from '../billing/membership';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;

beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const YEAR_AHEAD = () => new Date(Date.now() + 365 * 86_400_000);

async function newAccount(ownerId: string, seats: number, over: { allowsGroupAddresses?: boolean } = {}) {
  const owner = await harness.signIn(ownerId);
  const account = await harness.services.organisations.createAccount({
    title: `Company of ${ownerId}`,
    owner: { userId: owner.userId, email: owner.email },
    membershipType: 'Group',
    membershipLevel: 'Standard',
    planCode: 'organisations_bundle_volume_yearly_v1',
    seats,
    accessEndsAt: YEAR_AHEAD(),
    ...over,
  });
  return { owner, account };
}

const ADD = `mutation ($input: AddUsersToOrganisationAccountInput!) {
  addUsersToOrganisationAccount(input: $input) {
    __typename
    ... on OrganisationAccountUsersAdded { rows { row email status accountUserId } seats { allocatedSeats purchasedSeats totalSeatsRemaining } }
    ... on SeatAllocationError { errorType }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on ZodError { fieldErrors { path code message } }
    ... on Error { message }
  }
}`;
const REMOVE = `mutation ($input: RemoveUserFromOrganisationAccountInput!) {
  removeUserFromOrganisationAccount(input: $input) {
    __typename
    ... on OrganisationAccountUserRemoved { removed { email } seats { allocatedSeats } }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on Error { message }
  }
}`;
const CHANGE = `mutation ($input: ChangeOrganisationAccountUserRoleInput!) {
  changeOrganisationAccountUserRole(input: $input) {
    __typename
    ... on OrganisationAccountUser { role }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on Error { message }
  }
}`;
const ACCOUNT = `query ($accountId: String!) {
  organisationAccount(accountId: $accountId) {
    __typename
    ... on OrganisationAccount { id: accountId title primaryContactEmail owner { email role } user { role email }
      seats { allocatedSeats extraSeatsUsed purchasedSeats purchasedSeatsRemaining totalSeatsAvailable totalSeatsRemaining } subscriptions { id } }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on Error { message }
  }
}`;
const USERS = `query ($filter: OrganisationAccountUsersFilter!) {
  organisationAccountUsers(filter: $filter) {
    __typename
    ... on OrganisationAccountUsersPage { users { email role userId } pageInfo { hasNextPage endCursor } }
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on ZodError { fieldErrors { path message } }
    ... on Error { message }
  }
}`;

const data = (body: { data?: Record<string, unknown> | null }, field: string) =>
  body.data?.[field] as Record<string, unknown> & { __typename: string };

async function add(viewer: Viewer, accountId: string, emails: string[], role?: OrganisationAccountRole) {
  const { body } = await harness.post(
    ADD,
    { input: { accountId, emails, ...(role ? { role } : {}) } },
    viewer,
  );
  return data(body, 'addUsersToOrganisationAccount');
}

describe('organisation accounts over GraphQL', () => {
  it('adds readers and invites unknown addresses, holding their seats; mails the invitations', async () => {
    const { owner, account } = await newAccount('org-owner-1', 5);
    const colleague = await harness.signIn('org-colleague-1');
    const sentBefore = harness.sent.length;
    const result = await add(owner, account.id, [colleague.email.toUpperCase(), 'new.person@example.net']);
    expect(result).toMatchObject({
      __typename: 'OrganisationAccountUsersAdded',
      rows: [
        { row: 1, email: colleague.email, status: 'ADDED' },
        { row: 2, email: 'new.person@example.net', status: 'INVITED' },
      ],
      seats: { allocatedSeats: 3, purchasedSeats: 5, totalSeatsRemaining: 2 },
    });
    const mails = harness.sent.slice(sentBefore);
    expect(mails.map((m) => m.to)).toEqual(['new.person@example.net']);
    expect(mails[0]!.text).toContain(account.title);

    // Adding the same address again reports it and takes no seat.
    const again = await add(owner, account.id, ['new.person@example.net']);
    expect(again).toMatchObject({ rows: [{ status: 'ALREADY_MEMBER' }], seats: { allocatedSeats: 3 } });

    // The colleague sees the account, with their own seat.
    const { body } = await harness.post(ACCOUNT, { accountId: account.id }, colleague);
    expect(data(body, 'organisationAccount')).toMatchObject({
      id: account.id,
      owner: { email: owner.email, role: 'OWNER' },
      user: { role: 'USER', email: colleague.email },
      seats: {
        allocatedSeats: 3,
        extraSeatsUsed: 0,
        purchasedSeats: 5,
        purchasedSeatsRemaining: 2,
        totalSeatsAvailable: 5,
        totalSeatsRemaining: 2,
      },
    });
    const viewerQuery = await harness.post(
      '{ viewer { ... on Viewer { organisationAccounts { accountId title } userProfile { membershipGroupAccountId membershipGroupAccountTitle membershipGroupStatus } } } }',
      {},
      colleague,
    );
    expect(viewerQuery.body.data?.viewer).toMatchObject({
      organisationAccounts: [{ accountId: account.id, title: account.title }],
      userProfile: {
        membershipGroupAccountId: account.id,
        membershipGroupAccountTitle: account.title,
        membershipGroupStatus: 'ActiveRenewing',
      },
    });
  });

  it('refuses bad input naming the field or row, and adds no one', async () => {
    const { owner, account } = await newAccount('org-owner-bad', 5, { allowsGroupAddresses: false });
    const duplicate = await add(owner, account.id, ['a@example.com', 'A@example.com']);
    expect(duplicate.__typename).toBe('ZodError');
    expect(JSON.stringify(duplicate.fieldErrors)).toContain('row 1');
    const malformed = await add(owner, account.id, ['not-an-address', 'ok@example.com']);
    expect(malformed).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'emails', '0'] }],
    });
    const tooMany = await add(
      owner,
      account.id,
      Array.from({ length: 1001 }, (_, i) => `p${i}@example.com`),
    );
    expect(tooMany.__typename).toBe('ZodError');
    const group = await add(owner, account.id, ['jo@example.com', 'press@example.com']);
    expect(group).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'emails', '1'] }],
    });
    const unknown = await add(owner, 'no-such-account', ['jo@example.com']);
    expect(unknown).toMatchObject({ __typename: 'UnauthorizedError', accountId: 'no-such-account' });
    const { body } = await harness.post(ACCOUNT, { accountId: account.id }, owner);
    expect(data(body, 'organisationAccount')).toMatchObject({ seats: { allocatedSeats: 1 } });
  });

  it('refuses seat requests beyond what the account could hold, and when none remain', async () => {
    const { owner, account } = await newAccount('org-owner-seats', 3);
    const invalid = await add(owner, account.id, [
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
    expect(invalid).toMatchObject({ __typename: 'SeatAllocationError', errorType: 'INVALID_SEAT_REQUEST' });
    await add(owner, account.id, ['a@example.com']);
    const full = await add(owner, account.id, ['b@example.com', 'c@example.com']);
    expect(full).toMatchObject({ __typename: 'SeatAllocationError', errorType: 'NO_SEATS_REMAINING' });
    const { body } = await harness.post(ACCOUNT, { accountId: account.id }, owner);
    expect(data(body, 'organisationAccount')).toMatchObject({ seats: { allocatedSeats: 2 } });
  });

  it('gives the last seat to exactly one of 100 concurrent requests', async () => {
    const { owner, account } = await newAccount('org-owner-race', 2);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => add(owner, account.id, [`racer${i}@example.com`])),
    );
    const kinds = results.map((r) =>
      r.__typename === 'SeatAllocationError' ? String(r.errorType) : r.__typename,
    );
    expect(kinds.filter((k) => k === 'OrganisationAccountUsersAdded')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'NO_SEATS_REMAINING')).toHaveLength(99);
    const { body } = await harness.post(USERS, { filter: { accountId: account.id, first: 100 } }, owner);
    expect((data(body, 'organisationAccountUsers').users as unknown[]).length).toBe(2);
  });

  it('lists users with search, role filter and cursor paging', async () => {
    const { owner, account } = await newAccount('org-owner-list', 20);
    await add(
      owner,
      account.id,
      Array.from({ length: 7 }, (_, i) => `member${i}@list.example`),
    );
    await add(owner, account.id, ['boss@list.example'], 'ADMIN');
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const { body } = await harness.post(
        USERS,
        { filter: { accountId: account.id, first: 3, ...(after ? { after } : {}) } },
        owner,
      );
      const page = data(body, 'organisationAccountUsers') as unknown as {
        users: { email: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
      seen.push(...page.users.map((u) => u.email));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(9);
    expect(seen).toEqual([...seen].sort());
    const search = await harness.post(USERS, { filter: { accountId: account.id, search: 'MEMBER3' } }, owner);
    expect(data(search.body, 'organisationAccountUsers')).toMatchObject({
      users: [{ email: 'member3@list.example' }],
    });
    const admins = await harness.post(USERS, { filter: { accountId: account.id, role: 'ADMIN' } }, owner);
    expect(data(admins.body, 'organisationAccountUsers')).toMatchObject({
      users: [{ email: 'boss@list.example' }],
    });
    const wildcard = await harness.post(USERS, { filter: { accountId: account.id, search: '%' } }, owner);
    expect(data(wildcard.body, 'organisationAccountUsers')).toMatchObject({ users: [] });
    // By name (first, last, or both as one string), only within this account.
    const named = await harness.signIn('org-list-named');
    await harness.db
      .insert(userData)
      .values({ userId: named.userId, firstName: 'Grace', lastName: 'Hopwood' });
    await add(owner, account.id, [named.email]);
    const outsider = await newAccount('org-list-outsider', 3);
    const namesake = await harness.signIn('org-list-namesake');
    await harness.db
      .insert(userData)
      .values({ userId: namesake.userId, firstName: 'Grace', lastName: 'Hopwood' });
    await add(outsider.owner, outsider.account.id, [namesake.email]);
    for (const term of ['hopwood', 'GRACE H', 'ace hop']) {
      const byName = await harness.post(USERS, { filter: { accountId: account.id, search: term } }, owner);
      expect(data(byName.body, 'organisationAccountUsers')).toMatchObject({
        users: [{ email: named.email, userId: named.userId }],
      });
    }
    const badCursor = await harness.post(USERS, { filter: { accountId: account.id, after: '!!' } }, owner);
    expect(data(badCursor.body, 'organisationAccountUsers').__typename).toBe('ZodError');
  });

  describe('role rules', () => {
    // requester role, target role, action → allowed?
    const table: [
      OrganisationAccountRole,
      OrganisationAccountRole,
      'remove' | `role:${OrganisationAccountRole}`,
      boolean,
    ][] = [
      ['OWNER', 'USER', 'remove', true],
      ['OWNER', 'ADMIN', 'remove', true],
      ['OWNER', 'OWNER', 'remove', true],
      ['ADMIN', 'USER', 'remove', true],
      ['ADMIN', 'ADMIN', 'remove', false],
      ['ADMIN', 'OWNER', 'remove', false],
      ['USER', 'USER', 'remove', false],
      ['OWNER', 'USER', 'role:ADMIN', true],
      ['OWNER', 'ADMIN', 'role:USER', true],
      ['OWNER', 'USER', 'role:OWNER', true],
      ['ADMIN', 'USER', 'role:ADMIN', true],
      ['ADMIN', 'USER', 'role:OWNER', false],
      ['ADMIN', 'ADMIN', 'role:USER', false],
      ['ADMIN', 'OWNER', 'role:USER', false],
      ['USER', 'USER', 'role:ADMIN', false],
    ];
    let n = 0;
    it.each(table)('%s acting on %s: %s → allowed %s', async (requesterRole, targetRole, action, allowed) => {
      n += 1;
      const { owner, account } = await newAccount(`org-roles-owner-${n}`, 5);
      const requester = requesterRole === 'OWNER' ? owner : await harness.signIn(`org-roles-req-${n}`);
      if (requesterRole !== 'OWNER') await add(owner, account.id, [requester.email], requesterRole);
      const target = await harness.signIn(`org-roles-target-${n}`);
      const added = await add(
        owner,
        account.id,
        [target.email],
        targetRole === 'OWNER' ? 'OWNER' : targetRole,
      );
      const accountUserId = (added.rows as { accountUserId: string }[])[0]!.accountUserId;
      const { body } =
        action === 'remove'
          ? await harness.post(REMOVE, { input: { accountId: account.id, accountUserId } }, requester)
          : await harness.post(
              CHANGE,
              { input: { accountId: account.id, accountUserId, role: action.slice(5) } },
              requester,
            );
      const result = data(
        body,
        action === 'remove' ? 'removeUserFromOrganisationAccount' : 'changeOrganisationAccountUserRole',
      );
      if (allowed) {
        expect(result.__typename).not.toMatch(/Error$/);
      } else {
        expect(result).toMatchObject({
          __typename: 'UnauthorizedError',
          accountId: account.id,
          requesterUserId: requester.userId,
        });
      }
    });

    it('keeps the last owner, and a USER cannot add anyone', async () => {
      const { owner, account } = await newAccount('org-last-owner', 5);
      const { body } = await harness.post(USERS, { filter: { accountId: account.id } }, owner);
      const ownerSeat = (data(body, 'organisationAccountUsers').users as { email: string }[])[0]!;
      const seat = await harness.services.organisations.repo.findAccountUserByEmail(
        account.id,
        ownerSeat.email,
      );
      const removal = await harness.post(
        REMOVE,
        { input: { accountId: account.id, accountUserId: seat!.accountUserId } },
        owner,
      );
      expect(data(removal.body, 'removeUserFromOrganisationAccount')).toMatchObject({
        __typename: 'BaseError',
        message: expect.stringContaining('needs an owner'),
      });
      const demote = await harness.post(
        CHANGE,
        { input: { accountId: account.id, accountUserId: seat!.accountUserId, role: 'USER' } },
        owner,
      );
      expect(data(demote.body, 'changeOrganisationAccountUserRole').__typename).toBe('BaseError');
      const user = await harness.signIn('org-last-owner-user');
      await add(owner, account.id, [user.email]);
      expect(await add(user, account.id, ['x@example.com'])).toMatchObject({
        __typename: 'UnauthorizedError',
      });
      const admin = await harness.signIn('org-last-owner-admin');
      await add(owner, account.id, [admin.email], 'ADMIN');
      expect(await add(admin, account.id, ['y@example.com'], 'OWNER')).toMatchObject({
        __typename: 'UnauthorizedError',
      });
    });
  });

  it('tells a reader of another organisation nothing about it (IDOR), for every query and mutation', async () => {
    const a = await newAccount('org-idor-a', 5);
    const b = await newAccount('org-idor-b', 5);
    const bUser = await add(b.owner, b.account.id, ['someone@b.example']);
    const bSeat = (bUser.rows as { accountUserId: string }[])[0]!.accountUserId;
    const attacker = a.owner;
    const expectRefusal = (result: Record<string, unknown>, accountId: string) =>
      expect(result).toEqual(
        expect.objectContaining({
          __typename: 'UnauthorizedError',
          accountId,
          requesterUserId: attacker.userId,
          message: 'You are not allowed to do this.',
        }),
      );
    for (const accountId of [b.account.id, 'unknown-account']) {
      expectRefusal(
        data((await harness.post(ACCOUNT, { accountId }, attacker)).body, 'organisationAccount'),
        accountId,
      );
      expectRefusal(
        data(
          (await harness.post(USERS, { filter: { accountId } }, attacker)).body,
          'organisationAccountUsers',
        ),
        accountId,
      );
      expectRefusal(await add(attacker, accountId, ['z@example.com']), accountId);
      expectRefusal(
        data(
          (await harness.post(REMOVE, { input: { accountId, accountUserId: bSeat } }, attacker)).body,
          'removeUserFromOrganisationAccount',
        ),
        accountId,
      );
      expectRefusal(
        data(
          (
            await harness.post(
              CHANGE,
              { input: { accountId, accountUserId: bSeat, role: 'ADMIN' } },
              attacker,
            )
          ).body,
          'changeOrganisationAccountUserRole',
        ),
        accountId,
      );
    }
    // Someone else's seat id under one's own account is not found either.
    const crossed = await harness.post(
      REMOVE,
      { input: { accountId: a.account.id, accountUserId: bSeat } },
      attacker,
    );
    expect(data(crossed.body, 'removeUserFromOrganisationAccount')).toMatchObject({
      __typename: 'BaseError',
    });
    const { body } = await harness.post(ACCOUNT, { accountId: b.account.id }, b.owner);
    expect(data(body, 'organisationAccount')).toMatchObject({ seats: { allocatedSeats: 2 } });
    const anonymous = await harness.post(ACCOUNT, { accountId: b.account.id }, null);
    expect(data(anonymous.body, 'organisationAccount').__typename).toBe('AuthError');
  });
});

describe('membership claims at token refresh', () => {
  const billingWith = (level: Membership['level']) => ({
    membershipOf: async () =>
      ({ ...NO_MEMBERSHIP, level, type: level === 'None' ? 'None' : 'Individual' }) as Membership,
  });

  it('gives a seat holder the organisation membership, and the better one when they also have their own', async () => {
    const { owner, account } = await newAccount('claims-owner', 5);
    const reader = await harness.signIn('claims-reader');
    await add(owner, account.id, [reader.email]);
    const orgs = harness.services.organisations;
    expect(await orgs.membershipClaims(billingWith('None'), reader.userId)).toMatchObject({
      level: 'Standard',
      type: 'Group',
    });
    expect(await orgs.membershipClaims(billingWith('Premium'), reader.userId)).toMatchObject({
      level: 'Premium',
      type: 'Individual',
    });
    expect(await orgs.membershipClaims(billingWith('NewsAndAnalysis'), reader.userId)).toMatchObject({
      level: 'Standard',
      type: 'Group',
    });
    // Removed: the next refresh has no group membership left.
    const seat = await orgs.repo.findAccountUserByEmail(account.id, reader.email);
    await harness.post(
      REMOVE,
      { input: { accountId: account.id, accountUserId: seat!.accountUserId } },
      owner,
    );
    expect(await orgs.membershipClaims(billingWith('None'), reader.userId)).toMatchObject({
      level: 'None',
      type: 'None',
    });
  });

  it('hands an invited seat to the reader only once their address is verified', async () => {
    const { owner, account } = await newAccount('claims-inviter', 5);
    await add(owner, account.id, ['invitee@claims.example']);
    const invitee = await harness.signIn('claims-invitee', { email: 'invitee@claims.example' });
    const orgs = harness.services.organisations;
    const unverified = await orgs.membershipClaims(billingWith('None'), invitee.userId, {
      email: 'Invitee@claims.example',
      emailVerified: false,
    });
    expect(unverified.level).toBe('None');
    const verified = await orgs.membershipClaims(billingWith('None'), invitee.userId, {
      email: 'Invitee@claims.example',
      emailVerified: true,
    });
    expect(verified).toMatchObject({ level: 'Standard', type: 'Group' });
    expect(await orgs.repo.findAccountUserByEmail(account.id, 'invitee@claims.example')).toMatchObject({
      userId: invitee.userId,
    });
  });

  it('ends the membership with the account', async () => {
    const owner = await harness.signIn('claims-lapsed-owner');
    await harness.services.organisations.createAccount({
      title: 'Lapsed',
      owner: { userId: owner.userId, email: owner.email },
      membershipType: 'Partner',
      membershipLevel: 'Premium',
      planCode: null,
      seats: 2,
      accessEndsAt: new Date(Date.now() - 1000),
    });
    expect(
      await harness.services.organisations.membershipClaims(billingWith('None'), owner.userId),
    ).toMatchObject({
      level: 'None',
    });
  });
});

describe('validateVAT over GraphQL', () => {
  const VALIDATE = `query ($filter: ValidateVATFilter!) {
    validateVAT(filter: $filter) {
      __typename
      ... on VatValidation { status countryCode reverseCharge message }
      ... on ZodError { fieldErrors { path message } }
    }
  }`;
  it('answers for a valid EU number with reverse charge, and names the field for a badly written one', async () => {
    const valid = await harness.post(VALIDATE, { filter: { vatNumber: 'DE136695976' } });
    expect(data(valid.body, 'validateVAT')).toMatchObject({
      status: 'VALID',
      countryCode: 'DE',
      reverseCharge: true,
    });
    const spaced = await harness.post(VALIDATE, { filter: { vatNumber: 'de 136695976' } });
    const refused = data(spaced.body, 'validateVAT') as unknown as {
      __typename: string;
      fieldErrors: { path: string[]; message: string }[];
    };
    expect(refused.__typename).toBe('ZodError');
    expect(refused.fieldErrors.every((e) => e.path.at(-1) === 'vatNumber')).toBe(true);
    expect(refused.fieldErrors.map((e) => e.message).join(' ')).toContain('without spaces');
  });
});

describe('Partner memberships', () => {
  const GRANT = `mutation ($input: GrantPartnerMembershipInput!) {
    grantPartnerMembership(input: $input) {
      __typename
      ... on OrganisationAccount { title }
      ... on ZodError { fieldErrors { path message } }
      ... on Error { message }
    }
  }`;
  const input = (over: Record<string, unknown> = {}) => ({
    title: 'Partner House',
    ownerEmail: 'partner-owner@example.org',
    membershipLevel: 'Premium',
    seats: 10,
    endsAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    ...over,
  });

  it('lets only an admin grant one, to a reader who has signed in, and it works like any account', async () => {
    const owner = await harness.signIn('partner-owner');
    const admin = await harness.signIn('partner-admin', { isBofAdmin: true });
    const refused = await harness.post(GRANT, { input: input() }, owner);
    expect(data(refused.body, 'grantPartnerMembership').__typename).toBe('UnauthorizedError');
    const unknownOwner = await harness.post(
      GRANT,
      { input: input({ ownerEmail: 'nobody@example.org' }) },
      admin,
    );
    expect(data(unknownOwner.body, 'grantPartnerMembership')).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'ownerEmail'] }],
    });
    const past = await harness.post(
      GRANT,
      { input: input({ endsAt: '2020-01-01T00:00:00Z', seats: 0 }) },
      admin,
    );
    expect(data(past.body, 'grantPartnerMembership').__typename).toBe('ZodError');
    const granted = await harness.post(GRANT, { input: input() }, admin);
    expect(data(granted.body, 'grantPartnerMembership')).toMatchObject({
      __typename: 'OrganisationAccount',
      title: 'Partner House',
    });
    expect(
      await harness.services.organisations.membershipClaims(
        { membershipOf: async () => NO_MEMBERSHIP },
        owner.userId,
      ),
    ).toMatchObject({ level: 'Premium', type: 'Partner' });
  });
});

describe('leaving, invitations sent again, and joining by domain', () => {
  const RESEND = `mutation ($input: ResendOrganisationAccountInvitationInput!) {
    resendOrganisationAccountInvitation(input: $input) {
      __typename
      ... on OrganisationAccountUser { email userId }
      ... on UnauthorizedError { accountId requesterUserId }
      ... on Error { message }
    }
  }`;
  const JOIN = `mutation ($input: JoinOrganisationAccountInput!) {
    joinOrganisationAccount(input: $input) {
      __typename
      ... on OrganisationAccountUser { email role userId }
      ... on SeatAllocationError { errorType }
      ... on UnauthorizedError { accountId requesterUserId }
      ... on Error { message }
    }
  }`;
  const seatId = (result: Record<string, unknown>, index = 0) =>
    (result.rows as { accountUserId: string }[])[index]!.accountUserId;

  it('lets a USER leave, but not remove anyone else, and keeps the last owner', async () => {
    const { owner, account } = await newAccount('org-leave-owner', 5);
    const user = await harness.signIn('org-leave-user');
    const other = await harness.signIn('org-leave-other');
    const added = await add(owner, account.id, [user.email, other.email]);
    const removeAs = async (viewer: Viewer, accountUserId: string) =>
      data(
        (await harness.post(REMOVE, { input: { accountId: account.id, accountUserId } }, viewer)).body,
        'removeUserFromOrganisationAccount',
      );
    expect(await removeAs(user, seatId(added, 1))).toMatchObject({
      __typename: 'UnauthorizedError',
      requesterUserId: user.userId,
    });
    expect(await removeAs(user, seatId(added, 0))).toMatchObject({
      __typename: 'OrganisationAccountUserRemoved',
      removed: { email: user.email },
      seats: { allocatedSeats: 2 },
    });
    const memberships = await harness.services.organisations.memberships(user.userId);
    expect(memberships).toEqual([]);
    const ownerSeat = (await harness.services.organisations.memberships(owner.userId))[0]!;
    expect(ownerSeat).toMatchObject({ accountId: account.id, role: 'OWNER', active: true });
    expect(await removeAs(owner, ownerSeat.seat.accountUserId)).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringContaining('needs an owner') as unknown,
    });
  });

  it('sends an invitation again only for a seat not taken up, and only for managers', async () => {
    const { owner, account } = await newAccount('org-resend-owner', 5);
    const user = await harness.signIn('org-resend-user');
    const added = await add(owner, account.id, ['invited@resend.example', user.email]);
    const resend = async (viewer: Viewer, accountUserId: string, accountId = account.id) =>
      data(
        (await harness.post(RESEND, { input: { accountId, accountUserId } }, viewer)).body,
        'resendOrganisationAccountInvitation',
      );
    const before = harness.sent.length;
    expect(await resend(owner, seatId(added, 0))).toMatchObject({
      __typename: 'OrganisationAccountUser',
      email: 'invited@resend.example',
      userId: null,
    });
    expect(harness.sent.slice(before).map((m) => m.to)).toEqual(['invited@resend.example']);
    expect(await resend(owner, seatId(added, 1))).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringContaining('already joined') as unknown,
    });
    expect(await resend(user, seatId(added, 0))).toMatchObject({ __typename: 'UnauthorizedError' });
    const stranger = await harness.signIn('org-resend-stranger');
    expect(await resend(stranger, seatId(added, 0))).toMatchObject({
      __typename: 'UnauthorizedError',
      accountId: account.id,
      requesterUserId: stranger.userId,
    });
    expect(harness.sent.length).toBe(before + 1);
  });

  it('lets a reader at a claimed domain take a seat, once, and only in that account', async () => {
    const { owner, account } = await newAccount('org-join-owner', 2);
    const other = await newAccount('org-join-other', 5);
    await harness.db.insert(organisationAccountDomains).values({
      id: 'claim-join',
      accountId: account.id,
      domain: 'join.example',
      creatorUserId: owner.userId,
      verifiedAt: new Date(),
    });
    const reader = await harness.signIn('org-joiner', {
      email: 'joiner@join.example',
      unclaimedMembershipAccountId: account.id,
    });
    const join = async (viewer: Viewer, accountId: string) =>
      data((await harness.post(JOIN, { input: { accountId } }, viewer)).body, 'joinOrganisationAccount');
    // Another account than the token's offer, or an unknown one: refused.
    expect(await join(reader, other.account.id)).toMatchObject({
      __typename: 'UnauthorizedError',
      accountId: other.account.id,
      requesterUserId: reader.userId,
    });
    // A token naming the account for an address outside the domain: refused (checked again now).
    const outsider = await harness.signIn('org-join-outsider', {
      unclaimedMembershipAccountId: account.id,
    });
    expect(await join(outsider, account.id)).toMatchObject({ __typename: 'UnauthorizedError' });
    expect(await join(reader, account.id)).toMatchObject({
      __typename: 'OrganisationAccountUser',
      email: 'joiner@join.example',
      role: 'USER',
      userId: reader.userId,
    });
    // Once in, the offer is gone.
    expect(await join(reader, account.id)).toMatchObject({ __typename: 'UnauthorizedError' });
    // The account is full now (owner + joiner): the next colleague is told so.
    const late = await harness.signIn('org-join-late', {
      email: 'late@join.example',
      unclaimedMembershipAccountId: account.id,
    });
    expect(await join(late, account.id)).toMatchObject({
      __typename: 'SeatAllocationError',
      errorType: 'NO_SEATS_REMAINING',
    });
    expect(await join(await harness.signIn('org-join-anon-check'), 'bad id!')).toMatchObject({
      __typename: 'ZodError',
    });
  });

  it('never offers a seat to a shared inbox where the plan is for named people, nor at a free-mail domain', async () => {
    const { owner, account } = await newAccount('org-join-strict', 5, { allowsGroupAddresses: false });
    await harness.db.insert(organisationAccountDomains).values({
      id: 'claim-strict',
      accountId: account.id,
      domain: 'strict.example',
      creatorUserId: owner.userId,
      verifiedAt: new Date(),
    });
    const inbox = await harness.signIn('org-join-press', {
      email: 'press@strict.example',
      unclaimedMembershipAccountId: account.id,
    });
    const person = await harness.signIn('org-join-ada', {
      email: 'ada@strict.example',
      unclaimedMembershipAccountId: account.id,
    });
    const result = data(
      (await harness.post(JOIN, { input: { accountId: account.id } }, inbox)).body,
      'joinOrganisationAccount',
    );
    expect(result).toMatchObject({ __typename: 'UnauthorizedError', accountId: account.id });
    // A claim on a free-mail provider's domain offers nothing to its millions of addresses.
    await harness.db.insert(organisationAccountDomains).values({
      id: 'claim-free-mail',
      accountId: account.id,
      domain: 'gmail.com',
      creatorUserId: owner.userId,
      verifiedAt: new Date(),
    });
    const stranger = await harness.signIn('org-join-gmail', {
      email: 'someone@gmail.com',
      unclaimedMembershipAccountId: account.id,
    });
    expect(
      data(
        (await harness.post(JOIN, { input: { accountId: account.id } }, stranger)).body,
        'joinOrganisationAccount',
      ),
    ).toMatchObject({ __typename: 'UnauthorizedError', accountId: account.id });
    // A named colleague at the claimed company domain still joins.
    expect(
      data(
        (await harness.post(JOIN, { input: { accountId: account.id } }, person)).body,
        'joinOrganisationAccount',
      ),
    ).toMatchObject({ __typename: 'OrganisationAccountUser', email: 'ada@strict.example' });
  });
});
