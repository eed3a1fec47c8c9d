import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { AuthError } from '../../errors/auth-error';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { PublicationForReview } from '../profiles/profiles.repo';
import { profileReviewSchema, type ProfileReviewInput } from './newsroom-approvals';

// The approvals queue (newsroom admins): profile publications reviewed after they went live. The newsroom
// service checks the role; the scope is only a first gate.

const newsroom = (ctx: GraphQLContext) => ctx.services.newsroom;
const errors = [AuthError, UnauthorizedError, FieldValidationError, DomainError];

const ProfileKindEnum = builder.enumType('NewsroomProfileKind', {
  values: ['person', 'organisation'] as const,
});
const ReviewDecisionEnum = builder.enumType('NewsroomReviewDecision', {
  values: ['approve', 'withdraw'] as const,
});

const PublicationType = builder.objectRef<PublicationForReview>('NewsroomProfilePublication').implement({
  description: 'A published person or organisation profile awaiting the newsroom’s review.',
  fields: (t) => ({
    kind: t.expose('kind', { type: ProfileKindEnum }),
    profileId: t.exposeID('profileId'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug', { description: 'The public page’s address name.' }),
    publishedVersion: t.exposeInt('publishedVersion'),
    publishedAt: t.field({ type: 'DateTime', resolve: (p) => p.publishedAt }),
    firstPublication: t.boolean({
      description: 'Nothing of this profile was reviewed before.',
      resolve: (p) => p.reviewedVersion === null,
    }),
  }),
});

const ReviewInput = builder
  .inputType('ReviewNewsroomProfilePublicationInput', {
    fields: (t) => ({
      kind: t.field({ type: ProfileKindEnum, required: true }),
      profileId: t.id({ required: true }),
      version: t.int({ required: true, description: 'The published version reviewed.' }),
      decision: t.field({ type: ReviewDecisionEnum, required: true }),
      reason: t.string({ description: 'Why it is withdrawn (required to withdraw); its editors read it.' }),
    }),
  })
  .validate(profileReviewSchema);

builder.queryField('newsroomProfileApprovals', (t) =>
  t.field({
    type: [PublicationType],
    description: 'Profile publications awaiting review, oldest first (newsroom admins).',
    authScopes: { loggedIn: true },
    errors: { types: errors },
    resolve: (_r, _args, ctx) => newsroom(ctx).profileApprovals(ctx.viewer),
  }),
);

builder.mutationField('reviewNewsroomProfilePublication', (t) =>
  t.field({
    type: [PublicationType],
    description:
      'Approves a profile publication, or withdraws it (its public page goes; the draft stays) with a reason; answers the queue left (newsroom admins).',
    args: { input: t.arg({ type: ReviewInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: errors },
    resolve: async (_r, { input }, ctx) => {
      await newsroom(ctx).reviewProfilePublication(ctx.viewer, input as unknown as ProfileReviewInput);
      return newsroom(ctx).profileApprovals(ctx.viewer);
    },
  }),
);
