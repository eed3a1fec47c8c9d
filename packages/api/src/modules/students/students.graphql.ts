import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { CurrencyEnum } from '../../enums/enums.graphql';
import {
  AcademicEmailConfirmationError,
  InvalidAcademicEmailError,
} from '../../errors/academic-email-errors';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
} from '../../errors/subscription-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { IndividualSubscriptionType } from '../billing/billing.graphql';
import { UserAcademicDataType } from '../viewer/viewer.graphql';
import { requireViewer } from '../viewer/viewer.service';
import type { DomainRule } from './academic-domains';
import { purchaseStudentSubscription } from './purchase-student-subscription';
import {
  academicDomainRuleSchema,
  checkAcademicEmailSchema,
  confirmAcademicEmailSchema,
  purchaseStudentInputSchema,
  validateAcademicEmailSchema,
} from './students.inputs';
import {
  confirmAcademicCode,
  requestAcademicCode,
  validateAcademicEmailAddress,
  type AcademicEmailValidation,
} from './students.service';

const studentsOf = (ctx: GraphQLContext) => ctx.services.students;

const AcademicEmailValidationType = builder
  .objectRef<AcademicEmailValidation>('AcademicEmailValidation')
  .implement({
    description: 'Whether an address is one the student membership accepts, and whose it is.',
    fields: (t) => ({
      email: t.exposeString('email'),
      isAcademic: t.exposeBoolean('isAcademic'),
      institution: t.exposeString('institution', {
        nullable: true,
        description: 'The institution, when the lists name it.',
      }),
      message: t.exposeString('message', { nullable: true, description: 'Why not, when it is not.' }),
    }),
  });

const ValidateAcademicEmailQueryInput = builder
  .inputType('ValidateAcademicEmailQueryInput', {
    fields: (t) => ({ email: t.string({ required: true }) }),
  })
  .validate(checkAcademicEmailSchema);

builder.queryField('validateAcademicEmail', (t) =>
  t.field({
    type: AcademicEmailValidationType,
    description:
      'Whether an address is academic: the shipped list of institutions, our allow and deny lists, and the group-style addresses refused (spec §5).',
    args: { input: t.arg({ type: ValidateAcademicEmailQueryInput, required: true }) },
    authScopes: { loggedIn: true },
    // The mutation of the same name has its own result union.
    errors: {
      types: [AuthError, FieldValidationError],
      directResult: true,
      union: { name: 'ValidateAcademicEmailQueryResult' },
      result: { name: 'ValidateAcademicEmailQuerySuccess' },
    },
    resolve: (_root, { input }, ctx) => validateAcademicEmailAddress(studentsOf(ctx).deps, input.email),
  }),
);

const AcademicEmailCodeSentType = builder
  .objectRef<{ email: string; institution: string | null; expiresAt: Date; graduationYear: number }>(
    'AcademicEmailCodeSent',
  )
  .implement({
    description: 'A 6-digit code went to the academic address; confirm it with confirmAcademicEmail.',
    fields: (t) => ({
      email: t.exposeString('email'),
      institution: t.exposeString('institution', { nullable: true }),
      graduationYear: t.exposeInt('graduationYear'),
      expiresAt: t.expose('expiresAt', { type: DateTimeScalar }),
    }),
  });

const ValidateAcademicEmailInput = builder
  .inputType('ValidateAcademicEmailInput', {
    fields: (t) => ({
      email: t.string({ required: true, description: 'The academic address to verify.' }),
      graduationYear: t.int({
        required: true,
        description: 'The year the reader graduates: not past, at most 8 years ahead.',
      }),
    }),
  })
  .validate(validateAcademicEmailSchema);

builder.mutationField('validateAcademicEmail', (t) =>
  t.field({
    type: AcademicEmailCodeSentType,
    description: 'Sends a 6-digit code to the academic address (valid 15 minutes, 5 tries).',
    args: { input: t.arg({ type: ValidateAcademicEmailInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, FieldValidationError, InvalidAcademicEmailError],
      directResult: true,
      union: { name: 'ValidateAcademicEmailResult' },
    },
    resolve: (_root, { input }, ctx) => requestAcademicCode(studentsOf(ctx).deps, ctx.viewer, input),
  }),
);

const ConfirmAcademicEmailInput = builder
  .inputType('ConfirmAcademicEmailInput', {
    fields: (t) => ({ code: t.string({ required: true, description: 'The 6 digits e-mailed.' }) }),
  })
  .validate(confirmAcademicEmailSchema);

builder.mutationField('confirmAcademicEmail', (t) =>
  t.field({
    type: UserAcademicDataType,
    description: "Verifies the reader's academic address with the code sent to it.",
    args: { input: t.arg({ type: ConfirmAcademicEmailInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, FieldValidationError, AcademicEmailConfirmationError],
      directResult: true,
    },
    resolve: async (_root, { input }, ctx) => {
      const row = await confirmAcademicCode(studentsOf(ctx).deps, ctx.viewer, input);
      return {
        userId: row.userId,
        email: row.email,
        emailVerified: row.emailVerified,
        emailVerifiedDateTime: row.emailVerifiedDateTime,
        graduationYear: row.graduationYear,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
    },
  }),
);

const PurchaseStudentSubscriptionInput = builder
  .inputType('PurchaseStudentSubscriptionInput', {
    fields: (t) => ({
      planCode: t.string({ required: true }),
      currency: t.field({ type: CurrencyEnum, required: true }),
      billingToken: t.string({ required: true, description: 'The card token from the payment fields.' }),
      idempotencyKey: t.string({
        required: true,
        description: 'One per purchase attempt; a retry sends the same one.',
      }),
      country: t.string({ required: true, description: "ISO 3166-1 alpha-2: the card's billing country." }),
      threeDSecureActionResultToken: t.string({ description: 'After a 3-D Secure challenge, its result.' }),
    }),
  })
  .validate(purchaseStudentInputSchema);

builder.mutationField('purchaseStudentSubscription', (t) =>
  t.field({
    type: IndividualSubscriptionType,
    description:
      'Buys the student plan for a reader verified this academic year whose graduation year is not past; otherwise SubscriptionPurchaseError INELIGIBLE_FOR_STUDENT_MEMBERSHIP.',
    args: { input: t.arg({ type: PurchaseStudentSubscriptionInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, FieldValidationError, SubscriptionPurchaseError, SubscriptionPurchase3DSSecureError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const students = studentsOf(ctx);
      return purchaseStudentSubscription(
        { repo: students.repo, billing: students.billing, now: students.deps.now },
        {
          userId: viewer.userId,
          email: viewer.email,
          planCode: input.planCode,
          currency: input.currency,
          country: input.country,
          billingToken: input.billingToken,
          idempotencyKey: input.idempotencyKey,
          threeDSecureActionResultToken: input.threeDSecureActionResultToken ?? undefined,
        },
      );
    },
  }),
);

const AcademicDomainRuleType = builder.objectRef<DomainRule>('AcademicDomainRule').implement({
  description: 'An admin decision about a domain, over the shipped list of institutions.',
  fields: (t) => ({
    domain: t.exposeString('domain'),
    rule: t.string({ resolve: (r) => r.rule.toUpperCase() }),
    institution: t.exposeString('institution', { nullable: true }),
  }),
});

const SetAcademicDomainRuleInput = builder
  .inputType('SetAcademicDomainRuleInput', {
    fields: (t) => ({
      domain: t.string({ required: true }),
      rule: t.string({ required: true, description: 'ALLOW, DENY, or NONE to remove the rule.' }),
      institution: t.string({ description: 'The institution, shown to readers (ALLOW).' }),
    }),
  })
  .validate(academicDomainRuleSchema);

const requireAdmin = (ctx: GraphQLContext) => {
  const viewer = requireViewer(ctx.viewer);
  if (!viewer.isBofAdmin) throw new UnauthorizedError(viewer.userId);
  return viewer;
};

builder.queryField('academicDomainRules', (t) =>
  t.field({
    type: [AcademicDomainRuleType],
    description: 'The allow and deny lists (admins).',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError] },
    resolve: async (_root, _args, ctx) => {
      requireAdmin(ctx);
      return studentsOf(ctx).repo.listRules();
    },
  }),
);

builder.mutationField('setAcademicDomainRule', (t) =>
  t.field({
    type: AcademicDomainRuleType,
    description: 'Allows or denies a domain (and its subdomains) for student sign-up (admins).',
    args: { input: t.arg({ type: SetAcademicDomainRuleInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, UnauthorizedError], directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const viewer = requireAdmin(ctx);
      const { repo, deps } = studentsOf(ctx);
      const rule: DomainRule = {
        domain: input.domain,
        rule: input.rule === 'DENY' ? 'deny' : 'allow',
        institution: input.institution ?? null,
      };
      if (input.rule === 'NONE') await repo.removeRule(input.domain);
      else await repo.setRule(rule, viewer.userId, deps.now());
      return rule;
    },
  }),
);
