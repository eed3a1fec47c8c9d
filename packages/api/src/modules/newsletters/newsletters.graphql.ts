import { CLIENT_ADDRESS_HEADER, clientIp } from '@bof/http/client-ip';
import { builder } from '../../builder';
import { NewsletterGroupEnum, NewsletterSubscriptionStatusEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { requireViewer } from '../viewer/viewer.service';
import {
  NewsletterConfirmationInvalidError,
  NewsletterNotFoundError,
  NewsletterSignUpRateLimitedError,
  NewsletterSignUpUnavailableError,
} from './newsletters.errors';
import {
  confirmSignUpSchema,
  subscribeEmailSchema,
  updateNewsletterSchema,
  updateNewsletterSubscriptionsSchema,
} from './newsletters.inputs';
import type { SignUpConfirmed } from './newsletter-signup';
import type { Newsletter, NewsletterSubscription } from './newsletters.types';

registerResultError('newsletter_not_found', NewsletterNotFoundError);
registerResultError('newsletter_confirmation_invalid', NewsletterConfirmationInvalidError);
registerResultError('newsletter_sign_up_unavailable', NewsletterSignUpUnavailableError);
registerResultError('newsletter_sign_up_rate_limited', NewsletterSignUpRateLimitedError);

builder.objectType(NewsletterNotFoundError, {
  name: 'NewsletterNotFoundError',
  description: 'A newsletter id is not in the catalogue; nothing was changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ newsletterIds: t.exposeStringList('newsletterIds') }),
});

export const NewsletterType = builder.objectRef<Newsletter>('Newsletter').implement({
  description: 'A newsletter of the catalogue (spec §3).',
  fields: (t) => ({
    newsletterId: t.exposeString('newsletterId'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    author: t.exposeString('author'),
    badges: t.exposeStringList('badges'),
    newsletterGroup: t.field({ type: NewsletterGroupEnum, resolve: (n) => n.newsletterGroup }),
    isExecutive: t.exposeBoolean('isExecutive'),
    isProfessional: t.exposeBoolean('isProfessional'),
    isTopic: t.exposeBoolean('isTopic'),
    isVisibleOnOMS: t.exposeBoolean('isVisibleOnOMS', {
      description: 'Offered on the one-more-step newsletters step.',
    }),
    isPreselectedOnOMS: t.exposeBoolean('isPreselectedOnOMS', {
      description: 'Ticked in advance on the one-more-step newsletters step.',
    }),
  }),
});

const NewsletterSubscriptionType = builder
  .objectRef<NewsletterSubscription>('NewsletterSubscription')
  .implement({
    description: "One newsletter and the reader's status for it (`none` when never subscribed).",
    fields: (t) => ({
      newsletter: t.field({ type: NewsletterType, resolve: (s) => s.newsletter }),
      status: t.field({ type: NewsletterSubscriptionStatusEnum, resolve: (s) => s.status }),
    }),
  });

const NewsletterSubscriptionsUpdated = builder
  .objectRef<{ subscriptions: NewsletterSubscription[]; newlySubscribed: string[] }>(
    'NewsletterSubscriptionsUpdated',
  )
  .implement({
    description: "The reader's subscriptions after the change.",
    fields: (t) => ({
      subscriptions: t.field({ type: [NewsletterSubscriptionType], resolve: (r) => r.subscriptions }),
      newlySubscribedIds: t.exposeStringList('newlySubscribed', {
        description: 'Newsletters that were not subscribed before this change.',
      }),
    }),
  });

builder.queryField('newsletters', (t) =>
  t.field({
    type: [NewsletterType],
    description: 'The newsletter catalogue, in display order.',
    resolve: (_root, _args, ctx) => ctx.services.newsletters.newsletters(),
  }),
);

builder.queryField('newsletterSubscriptions', (t) =>
  t.field({
    type: [NewsletterSubscriptionType],
    description: "Every newsletter with the signed-in reader's subscription status.",
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError] },
    resolve: (_root, _args, ctx) => ctx.services.newsletters.subscriptionsOf(requireViewer(ctx.viewer)),
  }),
);

const SubscriptionChangeInput = builder.inputType('NewsletterSubscriptionChangeInput', {
  fields: (t) => ({
    newsletterId: t.string({ required: true }),
    status: t.field({
      type: NewsletterSubscriptionStatusEnum,
      required: true,
      description: '`subscribed` or `unsubscribed`.',
    }),
  }),
});

const UpdateNewsletterSubscriptionsInput = builder
  .inputType('UpdateNewsletterSubscriptionsInput', {
    fields: (t) => ({
      subscriptions: t.field({ type: [SubscriptionChangeInput], required: true }),
      placementVariant: t.string({ description: 'Where the sign-up was offered (analytics).' }),
    }),
  })
  .validate(updateNewsletterSubscriptionsSchema);

builder.mutationField('updateNewsletterSubscriptions', (t) =>
  t.field({
    type: NewsletterSubscriptionsUpdated,
    description:
      'Subscribes the signed-in reader to newsletters or unsubscribes them; unknown ids change nothing.',
    args: { input: t.arg({ type: UpdateNewsletterSubscriptionsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, NewsletterNotFoundError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.newsletters.updateSubscriptions(requireViewer(ctx.viewer), input),
  }),
);

const UpdateNewsletterInput = builder
  .inputType('UpdateNewsletterInput', {
    description: 'Omit a field to keep it.',
    fields: (t) => ({
      newsletterId: t.string({ required: true }),
      title: t.string(),
      description: t.string(),
      author: t.string(),
      badges: t.stringList(),
      isVisibleOnOMS: t.boolean(),
      isPreselectedOnOMS: t.boolean(),
    }),
  })
  .validate(updateNewsletterSchema);

builder.mutationField('updateNewsletter', (t) =>
  t.field({
    type: NewsletterType,
    description: "An admin edits a newsletter's texts and one-more-step flags.",
    args: { input: t.arg({ type: UpdateNewsletterInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, NewsletterNotFoundError],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) =>
      ctx.services.newsletters.updateNewsletter(requireViewer(ctx.viewer), input),
  }),
);

builder.objectType(NewsletterConfirmationInvalidError, {
  name: 'NewsletterConfirmationInvalidError',
  description:
    'The confirmation link is forged, altered, expired or replaced by a newer one; nothing changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    reason: t.exposeString('reason', { description: '`invalid`, `expired` or `superseded`.' }),
  }),
});

builder.objectType(NewsletterSignUpUnavailableError, {
  name: 'NewsletterSignUpUnavailableError',
  description: 'No account can be made just now (the identity provider is not reachable).',
  interfaces: [ErrorInterface],
});

builder.objectType(NewsletterSignUpRateLimitedError, {
  name: 'NewsletterSignUpRateLimitedError',
  description:
    'Too many sign-ups were asked for from this client address, or from everyone, in the past hour; nothing was sent.',
  interfaces: [ErrorInterface],
});

const NewsletterSignUpRequested = builder
  .objectRef<{ email: string }>('NewsletterSignUpRequested')
  .implement({
    description:
      'A confirmation e-mail goes to the address unless one went in the last 10 minutes. The answer is the same either way, and says nothing of an account.',
    fields: (t) => ({ email: t.exposeString('email') }),
  });

const SubscribeEmailToNewslettersInput = builder
  .inputType('SubscribeEmailToNewslettersInput', {
    fields: (t) => ({
      email: t.string({ required: true }),
      newsletterIds: t.stringList({ required: true }),
      placementVariant: t.string({ description: 'Where the sign-up was offered (analytics).' }),
    }),
  })
  .validate(subscribeEmailSchema);

// Public: a signed-out reader asks for newsletters by address (double opt-in, nothing is subscribed yet).
builder.mutationField('subscribeEmailToNewsletters', (t) =>
  t.field({
    type: NewsletterSignUpRequested,
    description:
      'A signed-out reader asks for newsletters: only a confirmation e-mail is sent (valid 48 hours, at most one per address per 10 minutes; a client address and everyone together have hourly caps).',
    args: { input: t.arg({ type: SubscribeEmailToNewslettersInput, required: true }) },
    errors: {
      types: [
        AuthError,
        UnauthorizedError,
        FieldValidationError,
        NewsletterNotFoundError,
        NewsletterSignUpRateLimitedError,
      ],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) =>
      ctx.services.newsletterSignUp.request(
        input,
        // The client address, read as the auth endpoint and the contact desk read it.
        clientIp({
          socketAddress: ctx.request.headers.get(CLIENT_ADDRESS_HEADER),
          forwardedFor: ctx.request.headers.get('x-forwarded-for'),
          trustedProxies: ctx.services.env.identity.trustedProxies,
        }),
      ),
  }),
);

const NewsletterSignUpConfirmedType = builder
  .objectRef<SignUpConfirmed>('NewsletterSignUpConfirmed')
  .implement({
    description: 'The address is subscribed; the reader sets a password at `recoveryLink`.',
    fields: (t) => ({
      newsletterIds: t.exposeStringList('newsletterIds'),
      newlySubscribedIds: t.exposeStringList('newlySubscribed', {
        description: 'Newsletters this confirmation subscribed (none when the link was used before).',
      }),
      recoveryLink: t.exposeString('recoveryLink', {
        description: "The identity server's recovery flow, where the reader sets a password.",
      }),
      alreadyConfirmed: t.exposeBoolean('alreadyConfirmed', {
        description: 'The link had been used before: nothing changed.',
      }),
    }),
  });

const ConfirmAnonUserInput = builder
  .inputType('ConfirmAnonUserToNewsletterSubscriptionInput', {
    fields: (t) => ({
      token: t.string({ required: true, description: "The confirmation link's token." }),
    }),
  })
  .validate(confirmSignUpSchema);

// Public: the confirmation link is the credential; its signature, age and use are checked.
builder.mutationField('confirmAnonUserToNewsletterSubscription', (t) =>
  t.field({
    type: NewsletterSignUpConfirmedType,
    description:
      'Confirms an e-mailed sign-up: subscribes the address, making its account when it has none, and answers the link where the reader sets a password.',
    args: { input: t.arg({ type: ConfirmAnonUserInput, required: true }) },
    errors: {
      types: [
        AuthError,
        UnauthorizedError,
        FieldValidationError,
        NewsletterConfirmationInvalidError,
        NewsletterNotFoundError,
        NewsletterSignUpUnavailableError,
      ],
      directResult: true,
    },
    resolve: (_root, { input }, ctx) => ctx.services.newsletterSignUp.confirm(input.token),
  }),
);
