import { z } from 'zod';
import { MEDIA_TYPES, STORY_CONTRIBUTOR_ROLES } from '../../enums/spec-enums';

/**
 * The content record format of docs/content-format.md, as zod schemas. One record is validated on its
 * own here; references between records (a topic an article names, a related slug) are checked by the
 * import as a whole (content-references.ts). Objects are strict: an unknown field is an error, so a
 * misspelt field is reported instead of silently dropped.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ART_MOTIFS = ['stripes', 'circles', 'grid', 'waves', 'arcs', 'dots', 'weave', 'bars'] as const;
export const ACCESS_TIERS = ['free', 'registered', 'members', 'premium'] as const;

export const slugSchema = z
  .string()
  .max(120, 'A slug has at most 120 characters.')
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (kebab-case).');

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .refine((value) => value.trim().length > 0, 'Must not be empty.');

const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 time, e.g. 2026-10-14T07:30:00Z.' });

export const artSchema = z.strictObject({
  motif: z.enum(ART_MOTIFS, { message: `One of ${ART_MOTIFS.join(', ')}.` }),
  seed: z.string().min(1, 'Must not be empty.').max(200, 'At most 200 characters.'),
});

/** An uploaded photo (the newsroom's media store); the art stays as its placeholder and fallback. */
export const photoSchema = z.uuid('An uploaded photo id.');

export const heroSchema = z.strictObject({
  art: artSchema,
  photo: photoSchema.optional(),
  alt: text(300),
  caption: text(500),
  credit: text(200),
});

export const accessSchema = z.union(
  [z.enum(ACCESS_TIERS), z.string().regex(/^topic:[a-z0-9]+(?:-[a-z0-9]+)*$/)],
  { message: 'One of free, registered, members, premium, or a topic package such as topic:beauty.' },
);

export const bodyBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('paragraph'), text: text(6000) }),
    z.strictObject({
      type: z.literal('heading'),
      text: text(200),
      level: z.union([z.literal(2), z.literal(3)], { message: 'A heading level is 2 or 3.' }),
    }),
    z.strictObject({
      type: z.literal('image'),
      art: artSchema,
      photo: photoSchema.optional(),
      alt: text(300),
      caption: text(500),
      credit: text(200),
    }),
    z.strictObject({ type: z.literal('pullQuote'), text: text(600), attribution: text(200) }),
    z.strictObject({
      type: z.literal('list'),
      ordered: z.boolean(),
      items: z.array(text(1000)).min(1, 'A list has at least one item.').max(50),
    }),
    z.strictObject({
      type: z.literal('youtube'),
      videoId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'Exactly 11 characters of A-Z, a-z, 0-9, _ and -.'),
      title: text(200),
    }),
    z.strictObject({ type: z.literal('related'), slug: slugSchema }),
  ],
  { message: 'A block type is paragraph, heading, image, pullQuote, list, youtube or related.' },
);

export const contributorSchema = z.strictObject({
  slug: slugSchema,
  role: z.enum(STORY_CONTRIBUTOR_ROLES, { message: 'A story contributor role of the spec, e.g. AUTHOR.' }),
});

const uniqueBy =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(key(item))) ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate ${what}.` });
      seen.add(key(item));
    });
  };

const articleFields = {
  slug: slugSchema,
  headline: text(200),
  standfirst: text(600),
  section: slugSchema,
  topics: z
    .array(slugSchema)
    .min(1, 'An article has at least one topic.')
    .max(10)
    .superRefine(uniqueBy((s) => s, 'topic')),
  tags: z
    .array(slugSchema)
    .max(20)
    .superRefine(uniqueBy((s) => s, 'tag')),
  authors: z
    .array(contributorSchema)
    .min(1, 'An article has at least one author.')
    .max(10)
    .superRefine(uniqueBy((a) => a.slug, 'author')),
  access: accessSchema,
  mediaType: z.enum(MEDIA_TYPES, { message: 'A media type of the spec, e.g. ARTICLES or NEWS.' }),
  series: slugSchema.nullable(),
  publishedAt: isoTime,
  updatedAt: isoTime.nullable(),
  hero: heroSchema,
  body: z.array(bodyBlockSchema).min(1, 'The body has at least one block.').max(400),
};

const updatedNotBeforePublished = (
  record: { publishedAt: string; updatedAt: string | null },
  ctx: z.RefinementCtx,
) => {
  if (record.updatedAt && Date.parse(record.updatedAt) < Date.parse(record.publishedAt))
    ctx.addIssue({ code: 'custom', path: ['updatedAt'], message: 'updatedAt is before publishedAt.' });
};

export const articleRecordSchema = z
  .strictObject({ type: z.literal('article'), ...articleFields })
  .superRefine(updatedNotBeforePublished);

export const glossaryEntrySchema = z.strictObject({ term: text(120), definition: text(1200) });

export const caseStudyRecordSchema = z
  .strictObject({
    type: z.literal('caseStudy'),
    ...articleFields,
    access: z.literal('premium', { message: 'A case study is premium.' }),
    section: z.literal('case-studies', { message: 'A case study is in the case-studies section.' }),
    mediaType: z.literal('ARTICLES', { message: 'A case study has the media type ARTICLES.' }),
    glossary: z
      .array(glossaryEntrySchema)
      .min(1, 'A case study has a glossary of at least one term.')
      .max(200)
      .superRefine(uniqueBy((g) => g.term.toLowerCase(), 'glossary term')),
  })
  .superRefine(updatedNotBeforePublished);

export const sectionRecordSchema = z.strictObject({
  type: z.literal('section'),
  slug: slugSchema,
  name: text(80),
  description: text(600),
});

export const topicRecordSchema = z.strictObject({
  type: z.literal('topic'),
  slug: slugSchema,
  name: text(80),
  description: text(600),
});

export const authorRecordSchema = z.strictObject({
  type: z.literal('author'),
  slug: slugSchema,
  name: text(120),
  title: text(160),
  bio: text(2000),
  /** A portrait uploaded through the newsroom (its media id). */
  photo: photoSchema.optional(),
});

export const seriesRecordSchema = z.strictObject({
  type: z.literal('series'),
  slug: slugSchema,
  title: text(120),
  description: text(600),
});

/** Any one record of the format, told apart by `type`. */
export const contentRecordSchema = z.discriminatedUnion(
  'type',
  [
    sectionRecordSchema,
    topicRecordSchema,
    authorRecordSchema,
    seriesRecordSchema,
    articleRecordSchema,
    caseStudyRecordSchema,
  ],
  { message: 'type is one of section, topic, author, series, article, caseStudy.' },
);

export type ContentRecord = z.infer<typeof contentRecordSchema>;
export type SectionRecord = z.infer<typeof sectionRecordSchema>;
export type TopicRecord = z.infer<typeof topicRecordSchema>;
export type AuthorRecord = z.infer<typeof authorRecordSchema>;
export type SeriesRecord = z.infer<typeof seriesRecordSchema>;
export type ArticleRecord = z.infer<typeof articleRecordSchema>;
export type CaseStudyRecord = z.infer<typeof caseStudyRecordSchema>;
/** An article or a case study: what becomes a row of `articles`. */
export type StoryRecord = ArticleRecord | CaseStudyRecord;
export type TaxonomyRecord = SectionRecord | TopicRecord | AuthorRecord | SeriesRecord;
export type BodyBlock = z.infer<typeof bodyBlockSchema>;
export type Hero = z.infer<typeof heroSchema>;
export type Art = z.infer<typeof artSchema>;
export type ArtMotif = (typeof ART_MOTIFS)[number];
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
export type Contributor = z.infer<typeof contributorSchema>;

/** Query inputs of the GraphQL fields and pages. */
export const pageInputSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const recommendedStoriesInputSchema = z.object({
  slug: slugSchema.nullish(),
  topics: z.array(slugSchema).max(10).nullish(),
  limit: z.number().int().min(1).max(20).default(6),
});
