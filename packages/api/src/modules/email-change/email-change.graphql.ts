import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { AuthError } from '../../errors/auth-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import {
  EmailChangeRateLimitedError,
  EmailChangeUnavailableError,
  SessionRefreshRequiredError,
} from './email-change.errors';
import { confirmEmailChangeSchema, requestEmailChangeSchema } from './email-change.inputs';
import {
  confirmEmailChange,
  requestEmailChange,
  type EmailChangeDeps,
  type IdentityRequest,
} from './email-change.service';

registerResultError('session_refresh_required', SessionRefreshRequiredError);
registerResultError('email_change_rate_limited', EmailChangeRateLimitedError);

builder.objectType(SessionRefreshRequiredError, {
  name: 'SessionRefreshRequiredError',
  description:
    'The sign-in is too old for this change (Kratos `session_refresh_required`): sign in again, then retry.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    code: t.exposeString('code'),
    redirectBrowserTo: t.exposeString('redirectBrowserTo', {
      description: "The identity provider's login flow with `refresh=true`, returning to the account page.",
    }),
  }),
});

builder.objectType(EmailChangeRateLimitedError, {
  name: 'EmailChangeRateLimitedError',
  description: 'Too many codes were asked for; the next one can go after `retryAfterSeconds`.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});

const EmailChangeRequested = builder
  .objectRef<{ newEmail: string; expiresAt: Date }>('EmailChangeRequested')
  .implement({
    description: 'A code went to the new address; nothing changes until it is confirmed.',
    fields: (t) => ({
      newEmail: t.exposeString('newEmail'),
      expiresAt: t.expose('expiresAt', { type: DateTimeScalar }),
    }),
  });

const EmailChanged = builder.objectRef<{ email: string }>('EmailChanged').implement({
  description: "The reader's e-mail address is now `email`; refresh the session token to see it there.",
  fields: (t) => ({ email: t.exposeString('email') }),
});

const RequestEmailChangeInput = builder
  .inputType('RequestEmailChangeInput', {
    fields: (t) => ({ newEmail: t.string({ required: true }) }),
  })
  .validate(requestEmailChangeSchema);

const ConfirmEmailChangeInput = builder
  .inputType('ConfirmEmailChangeInput', {
    fields: (t) => ({
      code: t.string({ required: true, description: 'The 6 digits e-mailed to the new address.' }),
    }),
  })
  .validate(confirmEmailChangeSchema);

const identityRequestOf = (ctx: GraphQLContext): IdentityRequest => ({
  cookieHeader: ctx.request.headers.get('cookie') ?? '',
});

const emailChangeOf = (ctx: GraphQLContext): EmailChangeDeps => {
  if (!ctx.services.emailChange) throw new EmailChangeUnavailableError();
  return ctx.services.emailChange;
};

builder.mutationField('requestEmailChange', (t) =>
  t.field({
    type: EmailChangeRequested,
    description: 'E-mails a code to a new address for the signed-in reader; needs a recent sign-in.',
    args: { input: t.arg({ type: RequestEmailChangeInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, FieldValidationError, SessionRefreshRequiredError, EmailChangeRateLimitedError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) =>
      requestEmailChange(emailChangeOf(ctx), ctx.viewer, input, identityRequestOf(ctx)),
  }),
);

builder.mutationField('confirmEmailChange', (t) =>
  t.field({
    type: EmailChanged,
    description:
      "Makes the pending new address the reader's e-mail address, given the code sent to it; needs a recent sign-in.",
    args: { input: t.arg({ type: ConfirmEmailChangeInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, SessionRefreshRequiredError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      confirmEmailChange(emailChangeOf(ctx), ctx.viewer, input, identityRequestOf(ctx)),
  }),
);
