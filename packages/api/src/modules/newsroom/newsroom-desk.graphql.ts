import { z } from 'zod';
import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { AuthError } from '../../errors/auth-error';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DESK_KINDS, deskEntrySchema, frontPinsSchema, type DeskEntryInput } from './newsroom-desk.inputs';
import type { DeskEntry, FrontPin } from './newsroom-desk.repo';

// The desk's operations: sections, topics, authors and series (newsroom admins), and the front page's
// pinned lead slots (editors). The newsroom service checks the role; the scope is only a first gate.

const newsroom = (ctx: GraphQLContext) => ctx.services.newsroom;
const errors = [AuthError, UnauthorizedError, FieldValidationError, DomainError];

const DeskKindEnum = builder.enumType('NewsroomDeskKind', { values: DESK_KINDS });

const DeskEntryType = builder.objectRef<DeskEntry>('NewsroomDeskEntry').implement({
  description: 'A section, topic, author or series as the newsroom desk edits it.',
  fields: (t) => ({
    kind: t.expose('kind', { type: DeskKindEnum }),
    slug: t.exposeString('slug'),
    name: t.exposeString('name', { description: "A series' title; everyone else's name." }),
    title: t.exposeString('title', { nullable: true, description: "An author's job title." }),
    description: t.exposeString('description', {
      description: "An author's bio; everyone else's description.",
    }),
    photo: t.exposeString('photo', { nullable: true, description: "An author's portrait (a media id)." }),
    stories: t.exposeInt('stories', { description: 'Published stories that name it.' }),
  }),
});

const FrontPinType = builder.objectRef<FrontPin>('NewsroomFrontPin').implement({
  description: "A story an editor pinned to one of the front page's lead slots.",
  fields: (t) => ({
    slot: t.exposeInt('slot', { description: '1 is the top story.' }),
    slug: t.exposeString('slug'),
    headline: t.exposeString('headline'),
    sectionSlug: t.exposeString('sectionSlug'),
  }),
});

const DeskEntryInputType = builder
  .inputType('SaveNewsroomDeskEntryInput', {
    fields: (t) => ({
      kind: t.field({ type: DeskKindEnum, required: true }),
      create: t.boolean({
        required: true,
        description: 'Create (the slug must be free), or change the entry with this slug.',
      }),
      slug: t.string({ required: true }),
      name: t.string({ required: true, description: "A series' title; everyone else's name." }),
      title: t.string({ description: "An author's job title (authors only)." }),
      description: t.string({ required: true, description: "An author's bio; everyone else's description." }),
      photo: t.string({ description: "An author's portrait: an uploaded photo's id (authors only)." }),
    }),
  })
  .validate(deskEntrySchema);

const FrontPinsInput = builder
  .inputType('SetNewsroomFrontPinsInput', {
    fields: (t) => ({
      slugs: t.field({
        type: ['String'],
        required: { list: true, items: false },
        description:
          "The lead slots in order (first is the top story): a published article's slug, or null for the newest.",
      }),
    }),
  })
  .validate(z.strictObject({ slugs: frontPinsSchema }));

builder.queryField('newsroomDeskEntries', (t) =>
  t.field({
    type: [DeskEntryType],
    description: 'Sections, topics, authors or series, with how many published stories name each (staff).',
    args: { kind: t.arg({ type: DeskKindEnum, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: errors },
    resolve: (_r, { kind }, ctx) => newsroom(ctx).deskEntries(ctx.viewer, kind),
  }),
);

builder.queryField('newsroomFrontPins', (t) =>
  t.field({
    type: [FrontPinType],
    description: "The stories pinned to the front page's lead slots (staff).",
    authScopes: { loggedIn: true },
    errors: { types: errors },
    resolve: (_r, _args, ctx) => newsroom(ctx).frontPins(ctx.viewer),
  }),
);

builder.mutationField('saveNewsroomDeskEntry', (t) =>
  t.field({
    type: DeskEntryType,
    description: 'Creates or changes a section, topic, author or series (newsroom admins).',
    args: { input: t.arg({ type: DeskEntryInputType, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: errors, directResult: true },
    resolve: (_r, { input }, ctx) =>
      newsroom(ctx).saveDeskEntry(ctx.viewer, input as unknown as DeskEntryInput),
  }),
);

builder.mutationField('setNewsroomFrontPins', (t) =>
  t.field({
    type: [FrontPinType],
    description: "Pins published articles to the front page's lead slots (editors and newsroom admins).",
    args: { input: t.arg({ type: FrontPinsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: errors },
    resolve: (_r, { input }, ctx) => newsroom(ctx).setFrontPins(ctx.viewer, input.slugs),
  }),
);
