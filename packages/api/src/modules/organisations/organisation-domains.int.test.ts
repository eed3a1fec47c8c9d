import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import type { MailMessage } from '../email-change/email-change-mail';
import { DOMAIN_VERIFICATION_TTL_MS, signDomainVerificationToken } from './domain-verification-token';
import { createOrganisationsModule } from './organisations.module';

let harness: GraphQLHarness;

beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const YEAR_AHEAD = () => new Date(Date.now() + 365 * 86_400_000);

async function newAccount(ownerId: string, seats = 5) {
  const owner = await harness.signIn(ownerId);
  const account = await harness.services.organisations.createAccount({
    title: `Company of ${ownerId}`,
    owner: { userId: owner.userId, email: owner.email },
    membershipType: 'Group',
    membershipLevel: 'Standard',
    planCode: 'organisations_bundle_volume_yearly_v1',
    seats,
    accessEndsAt: YEAR_AHEAD(),
  });
  return { owner, account };
}

const DOMAIN_FIELDS = `domainId domain isDisabled isVerified verificationEmail disabledAt creator { userId email } disabler { userId email }`;
const RESULT = (type: string) => `__typename
    ... on ${type}
    ... on UnauthorizedError { accountId requesterUserId message }
    ... on ZodError { fieldErrors { path code message } }
    ... on Error { message }`;
const CLAIM = `mutation ($input: ClaimOrganisationAccountDomainInput!) {
  claimOrganisationAccountDomain(input: $input) { ${RESULT(`OrganisationAccountDomain { ${DOMAIN_FIELDS} }`)} }
}`;
const RESEND = `mutation ($input: ResendOrganisationAccountDomainVerificationInput!) {
  resendOrganisationAccountDomainVerification(input: $input) { ${RESULT(`OrganisationAccountDomain { ${DOMAIN_FIELDS} }`)} }
}`;
const CONFIRM = `mutation ($input: ConfirmOrganisationAccountDomainInput!) {
  confirmOrganisationAccountDomain(input: $input) { ${RESULT('OrganisationAccountDomainConfirmed { domain accountTitle }')} }
}`;
const DISABLE = `mutation ($input: OrganisationAccountDomainInput!) {
  disableOrganisationAccountDomain(input: $input) { ${RESULT(`OrganisationAccountDomain { ${DOMAIN_FIELDS} }`)} }
}`;
const ENABLE = `mutation ($input: OrganisationAccountDomainInput!) {
  enableOrganisationAccountDomain(input: $input) { ${RESULT(`OrganisationAccountDomain { ${DOMAIN_FIELDS} }`)} }
}`;
const PROVE = `mutation ($input: ProveOrganisationAccountDomainInput!) {
  proveOrganisationAccountDomain(input: $input) { ${RESULT(`OrganisationAccountDomain { ${DOMAIN_FIELDS} }`)} }
}`;
const LIST = `query ($input: OrganisationAccountDomainsInput!) {
  organisationAccountDomains(input: $input) { ${RESULT(`OrganisationAccountDomains { domains { ${DOMAIN_FIELDS} } }`)} }
}`;

type Result = Record<string, unknown> & { __typename: string };
async function call(query: string, field: string, input: Record<string, unknown>, viewer: Viewer | null) {
  const { body } = await harness.post(query, { input }, viewer);
  return body.data?.[field] as Result;
}
const claim = (viewer: Viewer, input: Record<string, unknown>) =>
  call(CLAIM, 'claimOrganisationAccountDomain', input, viewer);
const confirm = (token: string) => call(CONFIRM, 'confirmOrganisationAccountDomain', { token }, null);
const list = async (viewer: Viewer, accountId: string) =>
  call(LIST, 'organisationAccountDomains', { accountId }, viewer);

/** The token of the newest verification link mailed to `to`. */
function tokenMailedTo(to: string, sent: readonly MailMessage[] = harness.sent): string {
  const mail = [...sent]
    .reverse()
    .find((m) => m.to === to && m.templateType === 'organisation_domain_verification');
  const match = mail?.text.match(/domains\/confirm\/\?token=([^\s]+)/);
  if (!match) throw new Error(`No verification e-mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

const offerFor = (userId: string, email: string) =>
  harness.services.organisations
    .membershipClaims(harness.services.billing, userId, { email, emailVerified: true })
    .then((c) => c.unclaimedAccountId);

describe('organisation domain claims', () => {
  it('an owner claims a domain, it is proved from the e-mail by a button press, then offers seats', async () => {
    const { owner, account } = await newAccount('dom-owner-1');
    const claimed = await claim(owner, {
      accountId: account.id,
      domain: '  Acme-Widgets.Example. ',
      email: 'IT',
    });
    expect(claimed).toMatchObject({
      __typename: 'OrganisationAccountDomain',
      domain: 'acme-widgets.example',
      isVerified: false,
      isDisabled: false,
      verificationEmail: 'it@acme-widgets.example',
      creator: { userId: owner.userId, email: owner.email },
      disabler: null,
    });
    const mail = harness.sent.at(-1)!;
    expect(mail).toMatchObject({
      to: 'it@acme-widgets.example',
      templateType: 'organisation_domain_verification',
    });
    expect(mail.text).toContain(account.title);
    // Not proved yet: nobody at the domain is offered a seat.
    const colleague = await harness.signIn('dom-colleague-1', { email: 'ada@acme-widgets.example' });
    expect(await offerFor(colleague.userId, colleague.email)).toBeNull();

    const token = tokenMailedTo('it@acme-widgets.example');
    expect(await confirm(token)).toMatchObject({
      __typename: 'OrganisationAccountDomainConfirmed',
      domain: 'acme-widgets.example',
      accountTitle: account.title,
    });
    expect(await offerFor(colleague.userId, colleague.email)).toBe(account.id);
    // The link is used: a replay is refused and changes nothing.
    expect(await confirm(token)).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringContaining('confirmed already'),
    });

    expect(await list(owner, account.id)).toMatchObject({
      __typename: 'OrganisationAccountDomains',
      domains: [{ domain: 'acme-widgets.example', isVerified: true, isDisabled: false }],
    });
  });

  it('validates the domain and the address, and refuses free-mail domains with a clear error', async () => {
    const { owner, account } = await newAccount('dom-owner-2');
    const before = harness.sent.length;
    for (const domain of [
      'https://example.com',
      'exa mple.com',
      'localhost',
      'example.c0m',
      '-bad.example',
      '',
    ]) {
      expect(await claim(owner, { accountId: account.id, domain, email: 'it' })).toMatchObject({
        __typename: 'ZodError',
        fieldErrors: expect.arrayContaining([expect.objectContaining({ path: ['input', 'domain'] })]),
      });
    }
    expect(await claim(owner, { accountId: account.id, domain: 'Gmail.com', email: 'me' })).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [
        {
          path: ['input', 'domain'],
          code: 'free_mail_domain',
          message:
            'gmail.com is a free e-mail provider: anyone can have an address there, so it cannot be claimed.',
        },
      ],
    });
    // The confirmation must go to an address at the claimed domain.
    expect(
      await claim(owner, { accountId: account.id, domain: 'fine.example', email: 'boss@elsewhere.example' }),
    ).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ message: 'The confirmation must go to an address at fine.example.' }],
    });
    expect(await claim(owner, { accountId: account.id, domain: 'fine.example', email: 'a b' })).toMatchObject(
      {
        __typename: 'ZodError',
      },
    );
    expect(harness.sent.length).toBe(before);
    expect(await list(owner, account.id)).toMatchObject({ domains: [] });
  });

  it('refuses a domain another account has proved, without naming it; a pending claim blocks nobody', async () => {
    const first = await newAccount('dom-first');
    const second = await newAccount('dom-second');
    await claim(first.owner, { accountId: first.account.id, domain: 'contested.example', email: 'it' });
    // The first claim is pending: the second account may claim too, and whoever proves it first wins.
    const pending = await claim(second.owner, {
      accountId: second.account.id,
      domain: 'contested.example',
      email: 'hr@contested.example',
    });
    expect(pending).toMatchObject({ __typename: 'OrganisationAccountDomain' });
    expect(await confirm(tokenMailedTo('it@contested.example'))).toMatchObject({
      __typename: 'OrganisationAccountDomainConfirmed',
    });
    const refusal = {
      __typename: 'BaseError',
      message: 'This domain is already claimed by another organisation. If it is yours, contact us.',
    };
    expect(await confirm(tokenMailedTo('hr@contested.example'))).toEqual(refusal);
    const third = await newAccount('dom-third');
    const again = await claim(third.owner, {
      accountId: third.account.id,
      domain: 'contested.example',
      email: 'x',
    });
    expect(again).toEqual(refusal);
    expect(JSON.stringify(again)).not.toContain(first.account.id);
    expect(JSON.stringify(again)).not.toContain(first.account.title);
    // Twice in the same account: refused too.
    expect(
      await claim(first.owner, { accountId: first.account.id, domain: 'contested.example', email: 'y' }),
    ).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringContaining("already on this account's list"),
    });
  });

  it('refuses forged, altered, replaced, expired and malformed links', async () => {
    const { owner, account } = await newAccount('dom-owner-links');
    const claimed = await claim(owner, { accountId: account.id, domain: 'links.example', email: 'it' });
    const domainId = claimed.domainId as string;
    const genuine = tokenMailedTo('it@links.example');
    const [payload, signature] = genuine.split('.') as [string, string];
    const invalid = { __typename: 'BaseError', message: expect.stringContaining('not valid') };
    // Signed with another key.
    expect(
      await confirm(
        signDomainVerificationToken('not-the-secret', {
          domainId,
          email: 'it@links.example',
          issuedAt: new Date(),
        }),
      ),
    ).toMatchObject(invalid);
    // Another payload under the genuine signature (a different address).
    const altered = Buffer.from(
      JSON.stringify({
        d: domainId,
        e: 'evil@links.example',
        t: JSON.parse(Buffer.from(payload, 'base64url').toString()).t,
      }),
    ).toString('base64url');
    expect(await confirm(`${altered}.${signature}`)).toMatchObject(invalid);
    expect(await confirm(`${payload}.${signature.slice(0, -2)}AA`)).toMatchObject(invalid);
    expect(await confirm('garbage')).toMatchObject(invalid);
    expect(await confirm('')).toMatchObject({ __typename: 'ZodError' });

    // A newer e-mail replaces the link (resend waits a minute: the sent time is moved back for the test).
    await harness.services.organisations.repo.setVerificationSent(
      domainId,
      'it@links.example',
      new Date(Date.now() - 120_000),
    );
    const resent = await call(
      RESEND,
      'resendOrganisationAccountDomainVerification',
      { accountId: account.id, domainId, email: 'ops' },
      owner,
    );
    expect(resent).toMatchObject({ verificationEmail: 'ops@links.example', isVerified: false });
    // Sending again at once is refused.
    expect(
      await call(
        RESEND,
        'resendOrganisationAccountDomainVerification',
        { accountId: account.id, domainId },
        owner,
      ),
    ).toMatchObject({ __typename: 'BaseError', message: expect.stringContaining('wait a minute') });
    expect(await confirm(genuine)).toMatchObject(invalid);
    // Another address must be at the domain too.
    for (const email of ['boss@elsewhere.example', 'a b']) {
      expect(
        await call(
          RESEND,
          'resendOrganisationAccountDomainVerification',
          { accountId: account.id, domainId, email },
          owner,
        ),
      ).toMatchObject({
        __typename: 'ZodError',
        fieldErrors: [
          { path: ['input', 'email'], message: 'The confirmation must go to an address at links.example.' },
        ],
      });
    }

    // Expiry: a module with its own clock over the same database and key.
    const sent: MailMessage[] = [];
    let now = new Date();
    const clocked = createOrganisationsModule(
      harness.platform,
      { send: async (m) => void sent.push(m) },
      { now: () => now, secret: () => harness.services.sessions.paywallSecret },
    );
    await harness.services.organisations.repo.setVerificationSent(domainId, 'ops@links.example', new Date(0));
    await clocked.resendDomainVerification({ userId: owner.userId }, { accountId: account.id, domainId });
    const late = tokenMailedTo('ops@links.example', sent);
    now = new Date(now.getTime() + DOMAIN_VERIFICATION_TTL_MS + 1000);
    await expect(clocked.confirmDomain(late)).rejects.toMatchObject({ code: 'verification_link_expired' });
    // The product's module agrees on the key: the same, current link works there.
    now = new Date();
    expect(await confirm(late)).toMatchObject({ __typename: 'OrganisationAccountDomainConfirmed' });
  });

  it('disables and enables a domain, recording who and when; a disabled domain offers nothing', async () => {
    const { owner, account } = await newAccount('dom-owner-off');
    const claimed = await claim(owner, { accountId: account.id, domain: 'off.example', email: 'it' });
    await confirm(tokenMailedTo('it@off.example'));
    const reader = await harness.signIn('dom-off-reader', { email: 'bo@off.example' });
    expect(await offerFor(reader.userId, reader.email)).toBe(account.id);
    const input = { accountId: account.id, domainId: claimed.domainId };
    const disabled = await call(DISABLE, 'disableOrganisationAccountDomain', input, owner);
    expect(disabled).toMatchObject({
      isDisabled: true,
      isVerified: true,
      disabledAt: expect.any(String),
      disabler: { userId: owner.userId, email: owner.email },
    });
    expect(await offerFor(reader.userId, reader.email)).toBeNull();
    // A link of a disabled claim confirms nothing.
    const pending = await claim(owner, { accountId: account.id, domain: 'pending-off.example', email: 'it' });
    await call(
      DISABLE,
      'disableOrganisationAccountDomain',
      { accountId: account.id, domainId: pending.domainId },
      owner,
    );
    expect(await confirm(tokenMailedTo('it@pending-off.example'))).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringContaining('not valid'),
    });
    const enabled = await call(ENABLE, 'enableOrganisationAccountDomain', input, owner);
    expect(enabled).toMatchObject({ isDisabled: false, disabledAt: null, disabler: null });
    expect(await offerFor(reader.userId, reader.email)).toBe(account.id);

    // While disabled, another account may prove the domain; enabling again is then refused.
    await call(DISABLE, 'disableOrganisationAccountDomain', input, owner);
    const rival = await newAccount('dom-rival-off');
    await claim(rival.owner, { accountId: rival.account.id, domain: 'off.example', email: 'cto' });
    await confirm(tokenMailedTo('cto@off.example'));
    expect(await call(ENABLE, 'enableOrganisationAccountDomain', input, owner)).toMatchObject({
      __typename: 'BaseError',
      message: expect.stringContaining('already claimed by another organisation'),
    });
  });

  it('keeps other accounts and other roles out, learning nothing (IDOR)', async () => {
    const { owner, account } = await newAccount('dom-owner-idor');
    const victim = await newAccount('dom-victim');
    const victimClaim = await claim(victim.owner, {
      accountId: victim.account.id,
      domain: 'victim.example',
      email: 'it',
    });
    const domainId = victimClaim.domainId as string;
    const refusedFor = (viewer: Viewer, accountId: string) => ({
      __typename: 'UnauthorizedError',
      accountId,
      requesterUserId: viewer.userId,
      message: 'You are not allowed to do this.',
    });
    // An owner of one account naming another's account, or the other's domain id under their own account.
    expect(await list(owner, victim.account.id)).toEqual(refusedFor(owner, victim.account.id));
    for (const [query, field] of [
      [DISABLE, 'disableOrganisationAccountDomain'],
      [ENABLE, 'enableOrganisationAccountDomain'],
      [RESEND, 'resendOrganisationAccountDomainVerification'],
    ] as const) {
      expect(await call(query, field, { accountId: victim.account.id, domainId }, owner)).toEqual(
        refusedFor(owner, victim.account.id),
      );
      expect(await call(query, field, { accountId: account.id, domainId }, owner)).toEqual(
        refusedFor(owner, account.id),
      );
      expect(await call(query, field, { accountId: account.id, domainId: 'no-such-domain' }, owner)).toEqual(
        refusedFor(owner, account.id),
      );
    }
    expect(await claim(owner, { accountId: victim.account.id, domain: 'mine.example', email: 'it' })).toEqual(
      refusedFor(owner, victim.account.id),
    );
    expect(await claim(owner, { accountId: 'no-such-account', domain: 'mine.example', email: 'it' })).toEqual(
      refusedFor(owner, 'no-such-account'),
    );

    // Admins of the account see the list but claim, disable and enable nothing; users see nothing.
    const admin = await harness.signIn('dom-idor-admin');
    const user = await harness.signIn('dom-idor-user');
    await harness.services.organisations.addUsers(
      { userId: victim.owner.userId },
      {
        accountId: victim.account.id,
        emails: [admin.email],
        role: 'ADMIN',
      },
    );
    await harness.services.organisations.addUsers(
      { userId: victim.owner.userId },
      {
        accountId: victim.account.id,
        emails: [user.email],
        role: 'USER',
      },
    );
    expect(await list(admin, victim.account.id)).toMatchObject({ domains: [{ domainId }] });
    expect(await list(user, victim.account.id)).toEqual(refusedFor(user, victim.account.id));
    expect(await claim(admin, { accountId: victim.account.id, domain: 'adm.example', email: 'it' })).toEqual(
      refusedFor(admin, victim.account.id),
    );
    expect(
      await call(
        DISABLE,
        'disableOrganisationAccountDomain',
        { accountId: victim.account.id, domainId },
        admin,
      ),
    ).toEqual(refusedFor(admin, victim.account.id));
    // Signed out: an AuthError.
    expect(
      await call(LIST, 'organisationAccountDomains', { accountId: victim.account.id }, null),
    ).toMatchObject({
      __typename: 'AuthError',
    });
    // Only a site admin marks a claim proved without the e-mail.
    expect(
      (await harness.post(PROVE, { input: { domainId } }, owner)).body.data?.proveOrganisationAccountDomain,
    ).toMatchObject({
      __typename: 'UnauthorizedError',
    });
    const siteAdmin = await harness.signIn('dom-site-admin', { isBofAdmin: true });
    expect(await call(PROVE, 'proveOrganisationAccountDomain', { domainId }, siteAdmin)).toMatchObject({
      __typename: 'OrganisationAccountDomain',
      isVerified: true,
      domain: 'victim.example',
    });
    // The victim's emailed link is used up by the admin's proof.
    expect(await confirm(tokenMailedTo('it@victim.example'))).toMatchObject({ __typename: 'BaseError' });
  });
});
