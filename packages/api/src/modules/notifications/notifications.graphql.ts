import { builder } from '../../builder';
import { AuthError } from '../../errors/auth-error';
import { hasErrorCode } from '../../errors/domain-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { requireViewer } from '../viewer/viewer.service';
import { NOTIFICATION_ERROR_CODES, NotificationError } from './notifications.errors';
import {
  breakingNewsSchema,
  setPreferenceSchema,
  subscribeSchema,
  subscriptionIdSchema,
} from './notifications.inputs';
import type { NotificationPreference, PushSubscriptionView } from './notifications.service';

for (const code of NOTIFICATION_ERROR_CODES) registerResultError(code, NotificationError);

builder.objectType(NotificationError, {
  name: 'NotificationError',
  description:
    'A notifications operation refused; `code` says why (push_unavailable, push_endpoint_invalid, ' +
    'push_keys_invalid, push_subscription_limit, push_subscription_not_found, push_story_not_found).',
  interfaces: [ErrorInterface],
  fields: (t) => ({ code: t.exposeString('code') }),
});

const NotificationKindEnum = builder.enumType('NotificationKind', {
  description: 'A kind of push notification, with one switch each in the account page.',
  values: {
    FOLLOWED_TOPICS: { value: 'followed_topics', description: 'New stories in topics the reader follows.' },
    BREAKING_NEWS: { value: 'breaking_news', description: 'Breaking news chosen by editors.' },
  } as const,
});

const NotificationPreferenceType = builder
  .objectRef<NotificationPreference>('NotificationPreference')
  .implement({
    description: 'A reader’s switch for one kind of notification (off until turned on).',
    fields: (t) => ({
      kind: t.field({ type: NotificationKindEnum, resolve: (p) => p.kind }),
      enabled: t.exposeBoolean('enabled'),
    }),
  });

const PushSubscriptionType = builder.objectRef<PushSubscriptionView>('PushSubscription').implement({
  description: 'A browser the reader turned notifications on in (its keys are never shown).',
  fields: (t) => ({
    id: t.exposeID('id'),
    userAgent: t.exposeString('userAgent', { description: 'A short label of the browser.' }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
    lastSuccessAt: t.expose('lastSuccessAt', { type: DateTimeScalar, nullable: true }),
  }),
});

const PushNotificationsType = builder
  .objectRef<{ userId: string; vapidPublicKey: string | null }>('PushNotifications')
  .implement({
    description: 'The signed-in reader’s notification settings.',
    fields: (t) => ({
      vapidPublicKey: t.exposeString('vapidPublicKey', {
        nullable: true,
        description: 'The key browsers subscribe with (applicationServerKey); null when push is off.',
      }),
      preferences: t.field({
        type: [NotificationPreferenceType],
        resolve: (r, _a, ctx) => ctx.services.notifications.preferences({ userId: r.userId }),
      }),
      subscriptions: t.field({
        type: [PushSubscriptionType],
        resolve: (r, _a, ctx) => ctx.services.notifications.subscriptions({ userId: r.userId }),
      }),
    }),
  });

builder.queryField('pushNotifications', (t) =>
  t.field({
    type: PushNotificationsType,
    description: 'The VAPID public key, and the signed-in reader’s switches and subscribed browsers.',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError] },
    resolve: (_root, _args, ctx) => ({
      userId: requireViewer(ctx.viewer).userId,
      vapidPublicKey: ctx.services.notifications.publicKey(),
    }),
  }),
);

const SubscribePushInput = builder
  .inputType('SubscribePushInput', {
    description: 'A browser’s PushSubscription (endpoint and keys), as `toJSON()` gives it.',
    fields: (t) => ({
      endpoint: t.string({ required: true }),
      p256dh: t.string({ required: true, description: 'keys.p256dh: 65 bytes, base64url.' }),
      auth: t.string({ required: true, description: 'keys.auth: 16 bytes, base64url.' }),
      userAgent: t.string({ description: 'A short label of the browser (shown to the reader).' }),
    }),
  })
  .validate(subscribeSchema);

builder.mutationField('subscribePush', (t) =>
  t.field({
    type: PushSubscriptionType,
    description: 'Keeps this browser’s push subscription for the signed-in reader.',
    args: { input: t.arg({ type: SubscribePushInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, NotificationError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.notifications.subscribe(requireViewer(ctx.viewer), {
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        userAgent: input.userAgent ?? '',
      }),
  }),
);

const PushUnsubscribed = builder.objectRef<{ id: string }>('PushUnsubscribed').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

const UnsubscribePushInput = builder
  .inputType('UnsubscribePushInput', { fields: (t) => ({ id: t.id({ required: true }) }) })
  .validate(subscriptionIdSchema);

builder.mutationField('unsubscribePush', (t) =>
  t.field({
    type: PushUnsubscribed,
    description: 'Forgets one of the signed-in reader’s subscribed browsers.',
    args: { input: t.arg({ type: UnsubscribePushInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, NotificationError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.notifications.unsubscribe(requireViewer(ctx.viewer), String(input.id)),
  }),
);

const SetNotificationPreferenceInput = builder
  .inputType('SetNotificationPreferenceInput', {
    fields: (t) => ({
      kind: t.field({ type: NotificationKindEnum, required: true }),
      enabled: t.boolean({ required: true }),
    }),
  })
  .validate(setPreferenceSchema);

builder.mutationField('setNotificationPreference', (t) =>
  t.field({
    type: NotificationPreferenceType,
    description: 'Turns one kind of notification on or off for the signed-in reader.',
    args: { input: t.arg({ type: SetNotificationPreferenceInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.notifications.setPreference(requireViewer(ctx.viewer), input.kind, input.enabled),
  }),
);

const BreakingNewsQueued = builder.objectRef<{ queued: boolean }>('BreakingNewsQueued').implement({
  description: 'The breaking news notification is on its way to every reader who has it on.',
  fields: (t) => ({ queued: t.exposeBoolean('queued') }),
});

const SendBreakingNewsInput = builder
  .inputType('SendBreakingNewsInput', {
    fields: (t) => ({ storyId: t.id({ required: true, description: 'The newsroom story’s id.' }) }),
  })
  .validate(breakingNewsSchema);

builder.mutationField('sendBreakingNews', (t) =>
  t.field({
    type: BreakingNewsQueued,
    description: 'Editors: sends a published newsroom story as breaking news to readers who have it on.',
    args: { input: t.arg({ type: SendBreakingNewsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, NotificationError],
      directResult: true,
    },
    resolve: async (_root, { input }, ctx) => {
      const storyId = input.storyId;
      const story = await ctx.services.newsroom.story(ctx.viewer, String(storyId)).catch((error: unknown) => {
        if (hasErrorCode(error, 'newsroom_story_not_found'))
          throw new NotificationError('push_story_not_found');
        throw error;
      });
      if (story.status !== 'published' || !story.articleId)
        throw new NotificationError(
          'push_story_not_found',
          'Publish the story before sending it as breaking news.',
        );
      return ctx.services.notifications.sendBreakingNews(ctx.viewer, story.articleId);
    },
  }),
);
