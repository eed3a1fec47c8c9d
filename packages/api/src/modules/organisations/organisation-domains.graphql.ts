import { z } from 'zod';
import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { requireViewer } from '../viewer/viewer.service';
import type { OrganisationDomainRecord } from './organisations.repo';
import {
  accountIdSchema,
  claimDomainInputSchema,
  confirmDomainInputSchema,
  domainIdSchema,
  domainInputSchema,
  resendDomainVerificationInputSchema,
} from './organisations.inputs';

const organisationsOf = (ctx: GraphQLContext) => ctx.services.organisations;

/** Who created or disabled a claim: their user id, and their address when they hold a seat in the account. */
interface DomainActor {
  accountId: string;
  userId: string;
}

const DomainActorType = builder.objectRef<DomainActor>('OrganisationAccountDomainActor').implement({
  fields: (t) => ({
    userId: t.exposeString('userId'),
    email: t.string({
      nullable: true,
      description: 'Their address on the account; null when they hold no seat in it (a site admin).',
      resolve: async (actor, _args, ctx) =>
        (await organisationsOf(ctx).repo.seatOf(actor.accountId, actor.userId))?.email ?? null,
    }),
  }),
});

export const OrganisationAccountDomainType = builder
  .objectRef<OrganisationDomainRecord>('OrganisationAccountDomain')
  .implement({
    description:
      'An e-mail domain the account claims. Readers with a verified address at an enabled, verified domain are offered a seat.',
    fields: (t) => ({
      domain: t.exposeString('domain'),
      domainId: t.exposeString('id'),
      isDisabled: t.boolean({ resolve: (d) => d.disabledAt !== null }),
      isVerified: t.boolean({
        description: 'Proved by the verification e-mail or by an admin.',
        resolve: (d) => d.verifiedAt !== null,
      }),
      verifiedAt: t.expose('verifiedAt', { type: DateTimeScalar, nullable: true }),
      verificationEmail: t.exposeString('verificationEmail', {
        nullable: true,
        description: 'Where the latest verification e-mail went.',
      }),
      verificationSentAt: t.expose('verificationSentAt', { type: DateTimeScalar, nullable: true }),
      createdAt: t.expose('createdAt', { type: DateTimeScalar }),
      disabledAt: t.expose('disabledAt', { type: DateTimeScalar, nullable: true }),
      creator: t.field({
        type: DomainActorType,
        resolve: (d) => ({ accountId: d.accountId, userId: d.creatorUserId }),
      }),
      disabler: t.field({
        type: DomainActorType,
        nullable: true,
        resolve: (d) => (d.disablerUserId ? { accountId: d.accountId, userId: d.disablerUserId } : null),
      }),
    }),
  });

const DomainsListType = builder
  .objectRef<{ domains: OrganisationDomainRecord[] }>('OrganisationAccountDomains')
  .implement({
    fields: (t) => ({ domains: t.expose('domains', { type: [OrganisationAccountDomainType] }) }),
  });

const DomainsInput = builder
  .inputType('OrganisationAccountDomainsInput', {
    fields: (t) => ({ accountId: t.string({ required: true }) }),
  })
  .validate(z.object({ accountId: accountIdSchema }));

builder.queryField('organisationAccountDomains', (t) =>
  t.field({
    type: DomainsListType,
    description:
      "The account's claimed e-mail domains: owners and admins; UnauthorizedError for anyone else.",
    args: { input: t.arg({ type: DomainsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: async (_root, { input }, ctx) => ({
      domains: await organisationsOf(ctx).domains(requireViewer(ctx.viewer), input.accountId),
    }),
  }),
);

const ClaimDomainInput = builder
  .inputType('ClaimOrganisationAccountDomainInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      domain: t.string({ required: true, description: 'Like example.com.' }),
      email: t.string({
        required: true,
        description: 'Where the verification e-mail goes: an address at the domain, or its part before @.',
      }),
    }),
  })
  .validate(claimDomainInputSchema);

const domainErrors = () => ({
  types: [AuthError, UnauthorizedError, FieldValidationError],
  directResult: true,
});

builder.mutationField('claimOrganisationAccountDomain', (t) =>
  t.field({
    type: OrganisationAccountDomainType,
    description:
      'Owners: claims an e-mail domain (never a free-mail one) and sends the verification e-mail to an address at it.',
    args: { input: t.arg({ type: ClaimDomainInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: domainErrors(),
    resolve: (_root, { input }, ctx) =>
      organisationsOf(ctx).claimDomain(requireViewer(ctx.viewer), claimDomainInputSchema.parse(input)),
  }),
);

const ResendDomainInput = builder
  .inputType('ResendOrganisationAccountDomainVerificationInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      domainId: t.string({ required: true }),
      email: t.string({ description: 'Another address at the domain; the last one otherwise.' }),
    }),
  })
  .validate(resendDomainVerificationInputSchema);

builder.mutationField('resendOrganisationAccountDomainVerification', (t) =>
  t.field({
    type: OrganisationAccountDomainType,
    description: 'Owners: sends the verification e-mail again; earlier links stop working.',
    args: { input: t.arg({ type: ResendDomainInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: domainErrors(),
    resolve: (_root, { input }, ctx) =>
      organisationsOf(ctx).resendDomainVerification(requireViewer(ctx.viewer), {
        accountId: input.accountId,
        domainId: input.domainId,
        email: input.email ?? undefined,
      }),
  }),
);

const DomainConfirmedType = builder
  .objectRef<{ domain: OrganisationDomainRecord; accountTitle: string }>('OrganisationAccountDomainConfirmed')
  .implement({
    fields: (t) => ({
      domain: t.string({ resolve: (c) => c.domain.domain }),
      accountTitle: t.exposeString('accountTitle'),
    }),
  });

const ConfirmDomainInput = builder
  .inputType('ConfirmOrganisationAccountDomainInput', {
    fields: (t) => ({ token: t.string({ required: true }) }),
  })
  .validate(confirmDomainInputSchema);

builder.mutationField('confirmOrganisationAccountDomain', (t) =>
  t.field({
    type: DomainConfirmedType,
    description:
      "Confirms a domain claim with its verification link's token (pressed on the link's page; no sign-in needed).",
    args: { input: t.arg({ type: ConfirmDomainInput, required: true }) },
    errors: { types: [FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) => organisationsOf(ctx).confirmDomain(input.token),
  }),
);

const DomainInput = builder
  .inputType('OrganisationAccountDomainInput', {
    fields: (t) => ({
      accountId: t.string({ required: true }),
      domainId: t.string({ required: true }),
    }),
  })
  .validate(domainInputSchema);

builder.mutationField('disableOrganisationAccountDomain', (t) =>
  t.field({
    type: OrganisationAccountDomainType,
    description: 'Owners: nobody is offered a seat through the domain any more; records who and when.',
    args: { input: t.arg({ type: DomainInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: domainErrors(),
    resolve: (_root, { input }, ctx) => organisationsOf(ctx).disableDomain(requireViewer(ctx.viewer), input),
  }),
);

builder.mutationField('enableOrganisationAccountDomain', (t) =>
  t.field({
    type: OrganisationAccountDomainType,
    description: 'Owners: enables a disabled domain again, unless it has been claimed since.',
    args: { input: t.arg({ type: DomainInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: domainErrors(),
    resolve: (_root, { input }, ctx) => organisationsOf(ctx).enableDomain(requireViewer(ctx.viewer), input),
  }),
);

const ProveDomainInput = builder
  .inputType('ProveOrganisationAccountDomainInput', {
    fields: (t) => ({ domainId: t.string({ required: true }) }),
  })
  .validate(z.object({ domainId: domainIdSchema }));

builder.mutationField('proveOrganisationAccountDomain', (t) =>
  t.field({
    type: OrganisationAccountDomainType,
    description: 'Admins only: marks a domain claim proved without the verification e-mail.',
    args: { input: t.arg({ type: ProveDomainInput, required: true }) },
    authScopes: { admin: true },
    errors: domainErrors(),
    resolve: (_root, { input }, ctx) => organisationsOf(ctx).proveDomain(input.domainId),
  }),
);
