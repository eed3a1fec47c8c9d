import { builder } from '../../builder';
import { NewsletterGroupEnum, NewsletterSubscriptionStatusEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { requireViewer } from '../viewer/viewer.service';
import { NewsletterNotFoundError } from './newsletters.errors';
import { updateNewsletterSchema, updateNewsletterSubscriptionsSchema } from './newsletters.inputs';
import type { Newsletter, NewsletterSubscription } from './newsletters.types';

registerResultError('newsletter_not_found', NewsletterNotFoundError);

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
