import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { AuthError } from '../../errors/auth-error';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { articleIdArgument, createStoryGiftInput, revokeStoryGiftInput } from './access.inputs';
import type { StoryGiftView } from './access.service';

const serviceOf = async (ctx: GraphQLContext) => ctx.services.access.service;
const viewerOf = (ctx: GraphQLContext) => {
  if (!ctx.viewer) throw new AuthError();
  return ctx.viewer;
};

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
  .validate(createStoryGiftInput);

const RevokeStoryGiftInput = builder
  .inputType('RevokeStoryGiftInput', { fields: (t) => ({ giftId: t.id({ required: true }) }) })
  .validate(revokeStoryGiftInput);

const PdfViewerLinkType = builder.objectRef<{ url: string; expiresAt: Date }>('PdfViewerLink').implement({
  description: "A signed link to a case study's PDF report, for a few minutes.",
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.expose('expiresAt', { type: DateTimeScalar }),
  }),
});

builder.queryField('storyGifts', (t) =>
  t.field({
    type: StoryGiftAllowanceType,
    description: "The signed-in reader's story gifts.",
    authScopes: { loggedIn: true },
    errors: { types: [AuthError], directResult: true },
    resolve: async (_root, _args, ctx) => {
      const viewer = viewerOf(ctx);
      const service = await serviceOf(ctx);
      const [gifts, remainingThisMonth] = await Promise.all([
        service.listGifts(viewer),
        service.remainingGifts(viewer, new Date()),
      ]);
      return { gifts, remainingThisMonth };
    },
  }),
);

builder.mutationField('createStoryGift', (t) =>
  t.field({
    type: StoryGiftType,
    description:
      'Gifts a story the member can read (not a free one; a monthly allowance). Returns its storyGiftUrl.',
    args: { input: t.arg({ type: CreateStoryGiftInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, DomainError], directResult: true },
    resolve: async (_root, { input }, ctx) =>
      (await serviceOf(ctx)).createGift(viewerOf(ctx), String(input.articleId), new Date()),
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
      (await serviceOf(ctx)).revokeGift(viewerOf(ctx), String(input.giftId), new Date()),
  }),
);

builder.queryField('generatePdfViewerLink', (t) =>
  t.field({
    type: PdfViewerLinkType,
    description: "A signed link to a case study's PDF, for readers whose membership includes it.",
    args: { articleId: t.arg.id({ required: true, validate: articleIdArgument }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, UnauthorizedError, DomainError], directResult: true },
    resolve: async (_root, { articleId }, ctx) =>
      (await serviceOf(ctx)).pdfViewerLink(viewerOf(ctx), String(articleId), new Date()),
  }),
);
