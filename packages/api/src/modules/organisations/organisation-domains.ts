import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { EMAIL_ADDRESS_PATTERN } from '../../inputs/email-address';
import {
  DOMAIN_VERIFICATION_TTL_MS,
  signDomainVerificationToken,
  verifyDomainVerificationToken,
} from './domain-verification-token';
import { FREE_MAIL_DOMAINS } from './free-mail-domains';
import { domainVerificationMessage } from './organisation-mail';
import type { OrganisationDomainRecord } from './organisations.repo';
import type { ClaimDomainInput } from './organisations.inputs';
import {
  isAccountActive,
  MANAGERS,
  requireOrganisationRole,
  type OrganisationsDeps,
  type Requester,
} from './organisations.service';

/** What the domain claims need: the organisations' deps and the key that signs verification links. */
export type DomainDeps = Pick<
  OrganisationsDeps,
  'repo' | 'mailer' | 'siteName' | 'siteUrl' | 'now' | 'newId'
> & {
  secret: string;
};

/** Only an owner claims, disables or enables a domain (issue 16: "owners claim e-mail domains"). */
const OWNERS = ['OWNER'] as const;

/** A verification e-mail is sent again at most this often for one claim. */
export const RESEND_INTERVAL_MS = 60_000;

const claimedElsewhere = () =>
  new DomainError(
    'domain_claimed',
    'This domain is already claimed by another organisation. If it is yours, contact us.',
  );

const invalidLink = () =>
  new DomainError(
    'invalid_verification_link',
    'This confirmation link is not valid (a newer e-mail may have replaced it). Ask the owner to send it again.',
  );

function refuseFreeMail(domain: string, path: readonly string[]) {
  if (FREE_MAIL_DOMAINS.has(domain)) {
    throw new FieldValidationError([
      {
        path,
        code: 'free_mail_domain',
        message: `${domain} is a free e-mail provider: anyone can have an address there, so it cannot be claimed.`,
      },
    ]);
  }
}

/** The claim when it is the account's; UnauthorizedError otherwise, as for an unknown id. */
async function domainOf(deps: DomainDeps, requester: Requester, accountId: string, domainId: string) {
  const domain = await deps.repo.findDomain(domainId);
  if (!domain || domain.accountId !== accountId) throw new UnauthorizedError(requester.userId, accountId);
  return domain;
}

async function sendVerification(
  deps: DomainDeps,
  accountTitle: string,
  domain: OrganisationDomainRecord,
  email: string,
): Promise<OrganisationDomainRecord> {
  const issuedAt = deps.now();
  const token = signDomainVerificationToken(deps.secret, { domainId: domain.id, email, issuedAt });
  // Recorded first: only the latest link confirms.
  const updated = await deps.repo.setVerificationSent(domain.id, email, issuedAt);
  await deps.mailer.send(
    domainVerificationMessage({
      to: email,
      siteName: deps.siteName,
      siteUrl: deps.siteUrl,
      accountTitle,
      domain: domain.domain,
      token,
      validHours: DOMAIN_VERIFICATION_TTL_MS / 3_600_000,
    }),
  );
  return updated;
}

/** The account's claimed domains; owners and admins see them. */
export async function organisationAccountDomains(deps: DomainDeps, requester: Requester, accountId: string) {
  await requireOrganisationRole(deps, accountId, requester.userId, MANAGERS);
  return deps.repo.domainsOf(accountId);
}

/**
 * An owner claims an e-mail domain for the account: the claim waits, unproved, until someone reading
 * mail at the domain confirms it from the verification e-mail (or an admin marks it proved). Free-mail
 * domains are refused; a domain another account has proved is refused without naming that account.
 */
export async function claimOrganisationAccountDomain(
  deps: DomainDeps,
  requester: Requester,
  input: ClaimDomainInput,
): Promise<OrganisationDomainRecord> {
  await requireOrganisationRole(deps, input.accountId, requester.userId, OWNERS);
  refuseFreeMail(input.domain, ['input', 'domain']);
  const account = await deps.repo.findAccount(input.accountId);
  if (!account) throw new UnauthorizedError(requester.userId, input.accountId);
  if (!isAccountActive(account, deps.now())) {
    throw new DomainError('organisation_membership_ended', "This organisation's membership has ended.");
  }
  const claims = await deps.repo.enabledClaimsOn(input.domain);
  if (claims.some((c) => c.accountId === input.accountId)) {
    throw new DomainError('domain_already_yours', `${input.domain} is already on this account's list.`);
  }
  if (claims.some((c) => c.verifiedAt !== null)) throw claimedElsewhere();
  const created = await deps.repo.insertDomain({
    id: deps.newId(),
    accountId: input.accountId,
    domain: input.domain,
    creatorUserId: requester.userId,
  });
  if (!created) {
    throw new DomainError('domain_already_yours', `${input.domain} is already on this account's list.`);
  }
  return sendVerification(deps, account.title, created, input.email);
}

/** An owner sends the verification e-mail again (to the same address, or another at the domain). */
export async function resendOrganisationAccountDomainVerification(
  deps: DomainDeps,
  requester: Requester,
  input: { accountId: string; domainId: string; email?: string | undefined },
): Promise<OrganisationDomainRecord> {
  await requireOrganisationRole(deps, input.accountId, requester.userId, OWNERS);
  const domain = await domainOf(deps, requester, input.accountId, input.domainId);
  if (domain.disabledAt) {
    throw new DomainError('domain_disabled', `${domain.domain} is disabled: enable it first.`);
  }
  if (domain.verifiedAt) {
    throw new DomainError('domain_already_confirmed', `${domain.domain} is confirmed already.`);
  }
  const given = input.email?.includes('@')
    ? input.email
    : input.email
      ? `${input.email}@${domain.domain}`
      : null;
  const email = given ?? domain.verificationEmail;
  if (
    !email ||
    !EMAIL_ADDRESS_PATTERN.test(email) ||
    email.slice(email.lastIndexOf('@') + 1) !== domain.domain
  ) {
    throw new FieldValidationError([
      {
        path: ['input', 'email'],
        code: 'not_at_domain',
        message: `The confirmation must go to an address at ${domain.domain}.`,
      },
    ]);
  }
  const now = deps.now();
  if (domain.verificationSentAt && now.getTime() - domain.verificationSentAt.getTime() < RESEND_INTERVAL_MS) {
    throw new DomainError(
      'verification_recently_sent',
      'A confirmation e-mail went out less than a minute ago: wait a minute before sending another.',
    );
  }
  const account = await deps.repo.findAccount(input.accountId);
  if (!account || !isAccountActive(account, now)) {
    throw new DomainError('organisation_membership_ended', "This organisation's membership has ended.");
  }
  return sendVerification(deps, account.title, domain, email);
}

/**
 * Confirms a claim from its verification link (a button press on the link's page: opening the link
 * confirms nothing). Forged, altered, expired, replaced and already-used links are refused.
 */
export async function confirmOrganisationAccountDomain(
  deps: DomainDeps,
  token: string,
): Promise<{ domain: OrganisationDomainRecord; accountTitle: string }> {
  const claim = verifyDomainVerificationToken(deps.secret, token);
  if (!claim) throw invalidLink();
  const now = deps.now();
  if (now.getTime() - claim.issuedAt.getTime() > DOMAIN_VERIFICATION_TTL_MS) {
    throw new DomainError(
      'verification_link_expired',
      'This confirmation link has expired. Ask the owner to send a new one.',
    );
  }
  const domain = await deps.repo.findDomain(claim.domainId);
  if (!domain || domain.disabledAt) throw invalidLink();
  if (domain.verifiedAt) {
    throw new DomainError('domain_already_confirmed', `${domain.domain} is confirmed already.`);
  }
  if (
    domain.verificationEmail !== claim.email ||
    domain.verificationSentAt?.getTime() !== claim.issuedAt.getTime()
  ) {
    throw invalidLink();
  }
  const outcome = await deps.repo.markDomainVerified(domain.id, now, claim.issuedAt);
  if (outcome.kind === 'taken') throw claimedElsewhere();
  if (outcome.kind === 'not_pending') throw invalidLink();
  const account = await deps.repo.findAccount(domain.accountId);
  return { domain: outcome.domain, accountTitle: account?.title ?? '' };
}

/** An admin marks a claim proved without the e-mail (they checked the organisation another way). */
export async function proveOrganisationAccountDomain(
  deps: DomainDeps,
  domainId: string,
): Promise<OrganisationDomainRecord> {
  const domain = await deps.repo.findDomain(domainId);
  if (!domain) throw new DomainError('domain_not_found', 'There is no domain claim with this id.');
  if (domain.verifiedAt) return domain;
  if (domain.disabledAt) {
    throw new DomainError('domain_disabled', `${domain.domain} is disabled: enable it first.`);
  }
  refuseFreeMail(domain.domain, ['input', 'domainId']);
  const outcome = await deps.repo.markDomainVerified(domain.id, deps.now(), null);
  if (outcome.kind === 'taken') throw claimedElsewhere();
  return outcome.kind === 'verified' ? outcome.domain : ((await deps.repo.findDomain(domainId)) ?? domain);
}

/**
 * An owner disables the claim (recording who and when): nobody is offered a seat through it from their
 * next token refresh, and those who joined keep their seats.
 */
export async function disableOrganisationAccountDomain(
  deps: DomainDeps,
  requester: Requester,
  input: { accountId: string; domainId: string },
): Promise<OrganisationDomainRecord> {
  await requireOrganisationRole(deps, input.accountId, requester.userId, OWNERS);
  const domain = await domainOf(deps, requester, input.accountId, input.domainId);
  if (domain.disabledAt) return domain;
  const outcome = await deps.repo.setDomainDisabled(input.accountId, input.domainId, {
    at: deps.now(),
    byUserId: requester.userId,
  });
  if (outcome.kind !== 'done' || !outcome.domain)
    throw new UnauthorizedError(requester.userId, input.accountId);
  return outcome.domain;
}

/** An owner enables a disabled claim again, unless the domain has been claimed since. */
export async function enableOrganisationAccountDomain(
  deps: DomainDeps,
  requester: Requester,
  input: { accountId: string; domainId: string },
): Promise<OrganisationDomainRecord> {
  await requireOrganisationRole(deps, input.accountId, requester.userId, OWNERS);
  const domain = await domainOf(deps, requester, input.accountId, input.domainId);
  if (!domain.disabledAt) return domain;
  refuseFreeMail(domain.domain, ['input', 'domainId']);
  const claims = await deps.repo.enabledClaimsOn(domain.domain);
  if (claims.some((c) => c.accountId === input.accountId)) {
    throw new DomainError('domain_already_yours', `${domain.domain} is already on this account's list.`);
  }
  const outcome = await deps.repo.setDomainDisabled(input.accountId, input.domainId, null);
  if (outcome.kind === 'taken') throw claimedElsewhere();
  if (!outcome.domain) throw new UnauthorizedError(requester.userId, input.accountId);
  return outcome.domain;
}
