import { builder } from '../../builder';
import { FollowTypeEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { requireViewer } from '../viewer/viewer.service';
import { FollowTargetNotFoundError } from './follows.errors';
import { followInputSchema, usersByFollowSchema } from './follows.inputs';
import type { UserFollow } from './follows.repo';

registerResultError('follow_target_not_found', FollowTargetNotFoundError);

builder.objectType(FollowTargetNotFoundError, {
  name: 'FollowTargetNotFoundError',
  description: 'There is nothing to follow with that type and key; nothing was stored.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ followsKey: t.exposeString('followsKey') }),
});

const UserFollowType = builder.objectRef<UserFollow>('UserFollow').implement({
  description: 'Something a reader follows (spec §3).',
  fields: (t) => ({
    followsKey: t.exposeString('followsKey'),
    followsType: t.field({ type: FollowTypeEnum, resolve: (f) => f.followsType }),
    userId: t.exposeString('userId'),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
  }),
});

const FollowRemoved = builder
  .objectRef<{ removed: boolean; followsType: UserFollow['followsType']; followsKey: string }>(
    'FollowRemoved',
  )
  .implement({
    description: 'The follow is gone (`removed` is false when there was none: nothing changed).',
    fields: (t) => ({
      removed: t.exposeBoolean('removed'),
      followsType: t.field({ type: FollowTypeEnum, resolve: (f) => f.followsType }),
      followsKey: t.exposeString('followsKey'),
    }),
  });

const FollowerType = builder
  .objectRef<{ userId: string; email: string | null; createdAt: Date }>('Follower')
  .implement({
    description: 'A reader following a key, as admins see them.',
    fields: (t) => ({
      userId: t.exposeString('userId'),
      email: t.exposeString('email', { nullable: true }),
      followedAt: t.expose('createdAt', { type: DateTimeScalar }),
    }),
  });

const UsersByFollowType = builder
  .objectRef<{ total: number; users: { userId: string; email: string | null; createdAt: Date }[] }>(
    'UsersByFollow',
  )
  .implement({
    fields: (t) => ({
      total: t.exposeInt('total', { description: 'How many readers follow the key.' }),
      users: t.field({ type: [FollowerType], resolve: (r) => r.users }),
    }),
  });

const followInputFields = builder.inputType('UserFollowInput', {
  fields: (t) => ({
    followsType: t.field({ type: FollowTypeEnum, required: true }),
    followsKey: t.string({
      required: true,
      description: 'The slug of the author, section or topic; the id of a profile.',
    }),
  }),
});
followInputFields.validate(followInputSchema);

builder.queryField('userFollows', (t) =>
  t.field({
    type: [UserFollowType],
    description: 'What the signed-in reader follows, newest first; of one type when given.',
    args: { followsType: t.arg({ type: FollowTypeEnum }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError] },
    resolve: (_root, args, ctx) =>
      ctx.services.follows.of(requireViewer(ctx.viewer), args.followsType ?? null),
  }),
);

builder.queryField('usersByFollow', (t) =>
  t.field({
    type: UsersByFollowType,
    description: 'Admins only: how many readers follow a key, and a page of them.',
    args: {
      followsType: t.arg({ type: FollowTypeEnum, required: true }),
      followsKey: t.arg.string({ required: true }),
      first: t.arg.int(),
      offset: t.arg.int(),
    },
    validate: usersByFollowSchema,
    authScopes: { admin: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: (_root, args, ctx) =>
      ctx.services.follows.followers(requireViewer(ctx.viewer), {
        followsType: args.followsType,
        followsKey: args.followsKey,
        first: args.first ?? 20,
        offset: args.offset ?? 0,
      }),
  }),
);

builder.mutationField('addUserFollow', (t) =>
  t.field({
    type: UserFollowType,
    description: 'Follows an author, section, topic or profile; following it again changes nothing.',
    args: { input: t.arg({ type: followInputFields, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, FollowTargetNotFoundError], directResult: true },
    resolve: (_root, { input }, ctx) => ctx.services.follows.add(requireViewer(ctx.viewer), input),
  }),
);

builder.mutationField('removeUserFollow', (t) =>
  t.field({
    type: FollowRemoved,
    description: 'Stops following; removing a follow that is not there changes nothing.',
    args: { input: t.arg({ type: followInputFields, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) => ctx.services.follows.remove(requireViewer(ctx.viewer), input),
  }),
);
