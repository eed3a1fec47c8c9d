import { z } from 'zod';
import { builder } from '../../builder';
import { AuthError } from '../../errors/auth-error';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import type { GraphQLContext } from '../../context';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { getAccessModule } from './access.module';
import type { StoryGiftView } from './story-gifts';

const giftsOf = async (ctx: GraphQLContext) => (await getAccessModule(ctx.platform)).gifts;
const viewerOf = (ctx: GraphQLContext) => {
  if (!ctx.viewer) throw new AuthError();
  return ctx.viewer;
};
const uuid = z.uuid({ message: 'Not a valid id.' });

const StoryGiftType = builder.objectRef<StoryGiftView>('StoryGift').implement({
  description: 'A story a member gifted: its link opens the whole story for anyone, for a while.',
  fields: (t) => ({
    id: t.exposeID('id'),
    articleId: t.exposeID('articleId'),
    headline: t.exposeString('headline'),
    storyGiftUrl: t.exposeString('storyGiftUrl', { description: 'The link to share.' }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
    expiresAt: t.expose('expiresAt', { type: DateTimeScalar }),
    revokedAt: t.expose('revokedAt', { type: DateTimeScalar, nullable: true }),
    readers: t.exposeInt('readers', { description: 'Distinct readers who have opened the link.' }),
    maxReaders: t.exposeInt('maxReaders'),
  }),
});

const StoryGiftAllowanceType = builder
  .objectRef<{ remainingThisMonth: number; gifts: StoryGiftView[] }>('StoryGiftAllowance')
  .implement({
    description: "The viewer's gifts, newest first, and how many more they may create this month.",
    fields: (t) => ({
      remainingThisMonth: t.exposeInt('remainingThisMonth'),
      gifts: t.field({ type: [StoryGiftType], resolve: (a) => a.gifts }),
    }),
  });

const CreateStoryGiftInput = builder
  .inputType('CreateStoryGiftInput', { fields: (t) => ({ articleId: t.id({ required: true }) }) })
  .validate(z.object({ articleId: uuid }));

const RevokeStoryGiftInput = builder
  .inputType('RevokeStoryGiftInput', { fields: (t) => ({ giftId: t.id({ required: true }) }) })
  .validate(z.object({ giftId: uuid }));

builder.queryField('storyGifts', (t) =>
  t.field({
    type: StoryGiftAllowanceType,
    description: "The signed-in reader's story gifts.",
    authScopes: { loggedIn: true },
    errors: { types: [AuthError], directResult: true },
    resolve: async (_root, _args, ctx) => {
      const viewer = viewerOf(ctx);
      const gifts = await giftsOf(ctx);
      const [list, remainingThisMonth] = await Promise.all([
        gifts.list(viewer),
        gifts.remainingThisMonth(viewer, new Date()),
      ]);
      return { gifts: list, remainingThisMonth };
    },
  }),
);

builder.mutationField('createStoryGift', (t) =>
  t.field({
    type: StoryGiftType,
    description: 'Gifts a story (members; a monthly allowance). Returns its storyGiftUrl.',
    args: { input: t.arg({ type: CreateStoryGiftInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, DomainError], directResult: true },
    resolve: async (_root, { input }, ctx) =>
      (await giftsOf(ctx)).create(viewerOf(ctx), String(input.articleId), new Date()),
  }),
);

builder.mutationField('revokeStoryGift', (t) =>
  t.field({
    type: StoryGiftType,
    description: 'Stops one of your gift links from opening its story.',
    args: { input: t.arg({ type: RevokeStoryGiftInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, DomainError], directResult: true },
    resolve: async (_root, { input }, ctx) =>
      (await giftsOf(ctx)).revoke(viewerOf(ctx), String(input.giftId), new Date()),
  }),
);
