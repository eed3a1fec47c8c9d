import { z } from 'zod';
import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { AuthError } from '../../errors/auth-error';
import { DomainError } from '../../errors/domain-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { StaleRevisionError, type DiffLine } from './newsroom.errors';
import {
  createStoryInput,
  draftSchema,
  listStoriesInput,
  NEWSROOM_ROLES,
  restoreInput,
  scheduleInput,
  setStaffInput,
  STORY_STATUSES,
  storyRefInput,
} from './newsroom.inputs';
import type { AuditEntry, RevisionRow, StaffMember, StoryRow } from './newsroom.repo';

// The newsroom's operations. Every resolver goes through the newsroom service, which checks the viewer's
// newsroom role (a reader without one gets UnauthorizedError); the scope below is only a first gate.

const newsroom = (ctx: GraphQLContext) => ctx.services.newsroom;

const StoryStatusEnum = builder.enumType('NewsroomStoryStatus', { values: STORY_STATUSES });
const RoleEnum = builder.enumType('NewsroomRole', { values: NEWSROOM_ROLES });

const StoryType = builder.objectRef<StoryRow & { editing?: string[] }>('NewsroomStory').implement({
  description: 'A story in the newsroom: its current revision, status and schedule.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    status: t.expose('status', { type: StoryStatusEnum }),
    headline: t.exposeString('headline'),
    sectionSlug: t.exposeString('sectionSlug', { nullable: true }),
    revision: t.exposeInt('revision'),
    publishAt: t.expose('publishAt', { type: DateTimeScalar, nullable: true }),
    publishedAt: t.expose('publishedAt', { type: DateTimeScalar, nullable: true }),
    updatedAt: t.expose('updatedAt', { type: DateTimeScalar }),
    draftJson: t.string({
      description: 'The story fields in the content record format (docs/content-format.md), as JSON.',
      resolve: (story) => JSON.stringify(story.record),
    }),
    editing: t.stringList({
      description: 'Other staff who have the story open in the editor now.',
      resolve: (story) => story.editing ?? [],
    }),
  }),
});

const RevisionType = builder.objectRef<RevisionRow>('NewsroomRevision').implement({
  fields: (t) => ({
    revision: t.exposeInt('revision'),
    savedBy: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
  }),
});

const DiffLineType = builder.objectRef<DiffLine>('NewsroomDiffLine').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'same, added or removed.' }),
    field: t.exposeString('field'),
    text: t.exposeString('text'),
  }),
});

const AuditType = builder.objectRef<AuditEntry>('NewsroomAuditEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    who: t.exposeString('name', { nullable: true, description: 'Null for the scheduler.' }),
    action: t.exposeString('action'),
    subject: t.exposeString('subject'),
    beforeJson: t.string({
      nullable: true,
      resolve: (e) => (e.before === null || e.before === undefined ? null : JSON.stringify(e.before)),
    }),
    afterJson: t.string({
      nullable: true,
      resolve: (e) => (e.after === null || e.after === undefined ? null : JSON.stringify(e.after)),
    }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
  }),
});

const StaffType = builder.objectRef<StaffMember>('NewsroomStaff').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    role: t.expose('role', { type: RoleEnum }),
  }),
});

const PreviewLinkType = builder
  .objectRef<{ token: string; expiresAt: Date; storyId: string }>('NewsroomPreviewLink')
  .implement({
    fields: (t) => ({
      url: t.string({
        resolve: (link, _a, ctx) =>
          `${ctx.services.env.siteUrl}/newsroom/preview/${encodeURIComponent(link.token)}/`,
      }),
      expiresAt: t.expose('expiresAt', { type: DateTimeScalar }),
    }),
  });

builder.objectType(StaleRevisionError, {
  name: 'NewsroomStaleRevisionError',
  description: 'Someone else saved the story first: nothing was written; their changes are listed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    currentRevision: t.exposeInt('currentRevision'),
    savedBy: t.exposeString('savedBy'),
    changes: t.field({ type: [DiffLineType], resolve: (error) => [...error.changes] }),
  }),
});
registerResultError('newsroom_stale_revision', StaleRevisionError);

const draftJson = z
  .union([z.string(), z.record(z.string(), z.unknown()).transform((value) => JSON.stringify(value))])
  .pipe(z.string().max(3_000_000, 'The story is too long.'))
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Not valid JSON.' });
      return z.NEVER;
    }
  })
  .pipe(draftSchema);

const ListInput = builder
  .inputType('NewsroomStoriesInput', {
    fields: (t) => ({
      status: t.field({ type: StoryStatusEnum }),
      query: t.string(),
      section: t.string(),
    }),
  })
  .validate(listStoriesInput);

const CreateInput = builder
  .inputType('CreateNewsroomStoryInput', {
    fields: (t) => ({ headline: t.string({ required: true }), slug: t.string() }),
  })
  .validate(createStoryInput);

const SaveInput = builder
  .inputType('SaveNewsroomStoryInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      baseRevision: t.int({ required: true, description: 'The revision the edit started from.' }),
      draftJson: t.string({
        required: true,
        description: 'The story fields as JSON (content record format).',
      }),
    }),
  })
  .validate(z.strictObject({ id: z.uuid('Not a story id.'), baseRevision: z.int().min(1), draftJson }));

const StoryRefInput = builder
  .inputType('NewsroomStoryRefInput', { fields: (t) => ({ id: t.id({ required: true }) }) })
  .validate(storyRefInput);

const ScheduleInput = builder
  .inputType('ScheduleNewsroomStoryInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      publishAt: t.string({ required: true, description: 'An ISO 8601 date and time in the future.' }),
    }),
  })
  .validate(scheduleInput);

const RestoreInput = builder
  .inputType('RestoreNewsroomRevisionInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      revision: t.int({ required: true }),
      baseRevision: t.int({ required: true }),
    }),
  })
  .validate(restoreInput);

const HeartbeatInput = builder
  .inputType('NewsroomHeartbeatInput', {
    fields: (t) => ({ id: t.id({ required: true }), leaving: t.boolean() }),
  })
  .validate(z.strictObject({ id: z.uuid('Not a story id.'), leaving: z.boolean().nullish() }));

const SetStaffInput = builder
  .inputType('SetNewsroomStaffInput', {
    fields: (t) => ({
      email: t.string({ required: true }),
      role: t.field({ type: RoleEnum, description: 'Null takes the newsroom role away.' }),
      name: t.string({ required: true }),
    }),
  })
  .validate(setStaffInput);

builder.queryField('newsroomStories', (t) =>
  t.field({
    type: [StoryType],
    description: 'Newsroom stories, newest change first (writers see their own).',
    args: { input: t.arg({ type: ListInput }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError] },
    resolve: (_r, { input }, ctx) => newsroom(ctx).listStories(ctx.viewer, input ?? {}),
  }),
);

builder.queryField('newsroomStory', (t) =>
  t.field({
    type: StoryType,
    args: { id: t.arg.id({ required: true, validate: z.uuid('Not a story id.') }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError], directResult: true },
    resolve: (_r, { id }, ctx) => newsroom(ctx).story(ctx.viewer, String(id)),
  }),
);

builder.queryField('newsroomRevisions', (t) =>
  t.field({
    type: [RevisionType],
    description: 'Every saved revision of a story, newest first.',
    args: { id: t.arg.id({ required: true, validate: z.uuid('Not a story id.') }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError] },
    resolve: (_r, { id }, ctx) => newsroom(ctx).revisions(ctx.viewer, String(id)),
  }),
);

builder.queryField('newsroomDiff', (t) =>
  t.field({
    type: [DiffLineType],
    description: 'The changes between two revisions of a story.',
    args: {
      id: t.arg.id({ required: true, validate: z.uuid('Not a story id.') }),
      from: t.arg.int({ required: true }),
      to: t.arg.int({ required: true }),
    },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError] },
    resolve: (_r, { id, from, to }, ctx) => newsroom(ctx).diff(ctx.viewer, String(id), from, to),
  }),
);

builder.queryField('newsroomAudit', (t) =>
  t.field({
    type: [AuditType],
    description: 'The newsroom audit log, newest first (newsroom admins only).',
    args: { limit: t.arg.int({ validate: z.int().min(1).max(300) }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError] },
    resolve: (_r, { limit }, ctx) => newsroom(ctx).auditLog(ctx.viewer, limit ?? 100),
  }),
);

builder.mutationField('createNewsroomStory', (t) =>
  t.field({
    type: StoryType,
    args: { input: t.arg({ type: CreateInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError], directResult: true },
    resolve: (_r, { input }, ctx) =>
      newsroom(ctx).createStory(ctx.viewer, {
        headline: input.headline,
        ...(input.slug ? { slug: input.slug } : {}),
      }),
  }),
);

builder.mutationField('saveNewsroomStory', (t) =>
  t.field({
    type: StoryType,
    description: 'Saves a revision; refused (NewsroomStaleRevisionError) when someone else saved first.',
    args: { input: t.arg({ type: SaveInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, StaleRevisionError, DomainError],
      directResult: true,
    },
    resolve: (_r, { input }, ctx) => {
      const parsed = input as unknown as {
        id: string;
        baseRevision: number;
        draftJson: z.infer<typeof draftSchema>;
      };
      return newsroom(ctx).saveStory(ctx.viewer, {
        id: parsed.id,
        baseRevision: parsed.baseRevision,
        draft: parsed.draftJson,
      });
    },
  }),
);

builder.mutationField('restoreNewsroomRevision', (t) =>
  t.field({
    type: StoryType,
    args: { input: t.arg({ type: RestoreInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: {
      types: [AuthError, UnauthorizedError, FieldValidationError, StaleRevisionError, DomainError],
      directResult: true,
    },
    resolve: (_r, { input }, ctx) => newsroom(ctx).restore(ctx.viewer, { ...input, id: String(input.id) }),
  }),
);

builder.mutationField('publishNewsroomStory', (t) =>
  t.field({
    type: StoryType,
    description: 'Publishes now, or pushes a published story’s saved revision live (editors).',
    args: { input: t.arg({ type: StoryRefInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError], directResult: true },
    resolve: (_r, { input }, ctx) => newsroom(ctx).publish(ctx.viewer, String(input.id)),
  }),
);

builder.mutationField('scheduleNewsroomStory', (t) =>
  t.field({
    type: StoryType,
    args: { input: t.arg({ type: ScheduleInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError], directResult: true },
    resolve: (_r, { input }, ctx) =>
      newsroom(ctx).schedule(ctx.viewer, String(input.id), new Date(input.publishAt as string | Date)),
  }),
);

builder.mutationField('unpublishNewsroomStory', (t) =>
  t.field({
    type: StoryType,
    description: 'Takes a published story down (or a scheduled one back to draft).',
    args: { input: t.arg({ type: StoryRefInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError], directResult: true },
    resolve: (_r, { input }, ctx) => newsroom(ctx).unpublish(ctx.viewer, String(input.id)),
  }),
);

builder.mutationField('newsroomHeartbeat', (t) =>
  t.field({
    type: ['String'],
    description: 'Marks the viewer as editing the story (or leaving it); answers who else is editing it.',
    args: { input: t.arg({ type: HeartbeatInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError] },
    resolve: (_r, { input }, ctx) =>
      newsroom(ctx).heartbeat(ctx.viewer, String(input.id), input.leaving === true),
  }),
);

builder.mutationField('createNewsroomPreviewLink', (t) =>
  t.field({
    type: PreviewLinkType,
    description: 'A preview link for staff, valid 24 hours.',
    args: { input: t.arg({ type: StoryRefInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError], directResult: true },
    resolve: async (_r, { input }, ctx) => ({
      ...(await newsroom(ctx).previewToken(ctx.viewer, String(input.id))),
      storyId: String(input.id),
    }),
  }),
);

builder.mutationField('setNewsroomStaff', (t) =>
  t.field({
    type: [StaffType],
    description: 'Gives a reader with the admin flag a newsroom role, or takes it away (newsroom admins).',
    args: { input: t.arg({ type: SetStaffInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, DomainError] },
    resolve: (_r, { input }, ctx) =>
      newsroom(ctx).setStaff(ctx.viewer, { email: input.email, role: input.role ?? null, name: input.name }),
  }),
);
