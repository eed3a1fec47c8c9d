import { z } from 'zod';
import { MEDIA_TYPES, STORY_CONTRIBUTOR_ROLES } from '../../enums/spec-enums';
import { accessSchema, ART_MOTIFS, SLUG_PATTERN } from '../content/content.inputs';

/**
 * What the newsroom's editor sends: a story's fields in the content record format (docs/content-format.md),
 * allowed to be incomplete while it is a draft (publishing checks it as the import does). Every text is
 * sanitised on the server first: the format holds plain text, so markup and control characters are removed.
 */

export const NEWSROOM_ROLES = ['writer', 'editor', 'admin'] as const;
export type NewsroomRole = (typeof NEWSROOM_ROLES)[number];
export const STORY_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const HEADLINE_MAX = 200;

/** Removes markup (script and style elements with their content, then every tag) and control characters. */
export function sanitiseText(value: string): string {
  return value
    .replace(/<(script|style|iframe|object|embed)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/<\/?[a-z!][^>]*>?/gi, '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();
}

const clean = (max: number) =>
  z
    .string()
    .transform(sanitiseText)
    .pipe(z.string().max(max, `At most ${max} characters.`));
const required = (max: number) => clean(max).pipe(z.string().min(1, 'Must not be empty.'));
const slug = z
  .string()
  .trim()
  .max(120, 'A slug has at most 120 characters.')
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (kebab-case).');
const mediaId = z.uuid('An uploaded photo id.');

export const artSchema = z.strictObject({
  motif: z.enum(ART_MOTIFS, { message: `One of ${ART_MOTIFS.join(', ')}.` }),
  seed: clean(200).pipe(z.string().min(1, 'Must not be empty.')),
});

/** Hero and image blocks: drawn art, or an uploaded photo (which keeps an art as its placeholder). */
const picture = {
  art: artSchema,
  photo: mediaId.nullable().optional(),
  alt: clean(300),
  caption: clean(500),
  credit: clean(200),
};

export const draftBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('paragraph'), text: clean(6000) }),
    z.strictObject({
      type: z.literal('heading'),
      text: clean(200),
      level: z.union([z.literal(2), z.literal(3)], { message: 'A heading level is 2 or 3.' }),
    }),
    z.strictObject({ type: z.literal('image'), ...picture }),
    z.strictObject({ type: z.literal('pullQuote'), text: clean(600), attribution: clean(200) }),
    z.strictObject({
      type: z.literal('list'),
      ordered: z.boolean(),
      items: z.array(clean(1000)).max(50),
    }),
    z.strictObject({
      type: z.literal('youtube'),
      videoId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'Exactly 11 characters of A-Z, a-z, 0-9, _ and -.'),
      title: clean(200),
    }),
    z.strictObject({ type: z.literal('related'), slug }),
  ],
  { message: 'A block type is paragraph, heading, image, pullQuote, list, youtube or related.' },
);
export type DraftBlock = z.infer<typeof draftBlockSchema>;

const canonical = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'A full http(s) address, e.g. https://example.com/story.');

/** A story as the newsroom keeps it: the content record's fields plus the newsroom's own (SEO, corrections). */
export const draftSchema = z.strictObject({
  slug,
  headline: clean(HEADLINE_MAX),
  standfirst: clean(600),
  section: slug.nullable(),
  topics: z.array(slug).max(10, 'At most 10 topics.'),
  tags: z.array(slug).max(20, 'At most 20 tags.'),
  authors: z
    .array(
      z.strictObject({
        slug,
        role: z.enum(STORY_CONTRIBUTOR_ROLES, {
          message: 'A story contributor role of the spec, e.g. AUTHOR.',
        }),
      }),
    )
    .max(10),
  series: slug.nullable(),
  access: accessSchema,
  mediaType: z.enum(MEDIA_TYPES, { message: 'A media type of the spec, e.g. ARTICLES or NEWS.' }),
  hero: z.strictObject(picture),
  body: z.array(draftBlockSchema).max(400, 'At most 400 blocks.'),
  seoTitle: clean(70),
  seoDescription: clean(160),
  canonicalUrl: canonical,
  corrections: clean(2000),
});
export type Draft = z.infer<typeof draftSchema>;

export const createStoryInput = z.strictObject({ headline: required(HEADLINE_MAX), slug: slug.optional() });
export const saveStoryInput = z.strictObject({
  id: z.uuid('Not a story id.'),
  baseRevision: z.int().min(1),
  draft: draftSchema,
});
export const storyRefInput = z.strictObject({ id: z.uuid('Not a story id.') });
export const scheduleInput = z.strictObject({
  id: z.uuid('Not a story id.'),
  publishAt: z.iso
    .datetime({ offset: true, message: 'Choose a date and time.' })
    .transform((value) => new Date(value)),
});
export const restoreInput = z.strictObject({
  id: z.uuid('Not a story id.'),
  revision: z.int().min(1),
  baseRevision: z.int().min(1),
});
export const listStoriesInput = z.strictObject({
  status: z.enum(STORY_STATUSES).nullable().optional(),
  query: z.string().trim().max(200).optional(),
  section: slug.nullable().optional(),
});
export const setStaffInput = z.strictObject({
  email: z.email('An e-mail address.'),
  role: z.enum(NEWSROOM_ROLES).nullable(),
  name: required(120),
});

/** A new story's first draft. */
export function emptyDraft(headline: string, storySlug: string): Draft {
  return {
    slug: storySlug,
    headline,
    standfirst: '',
    section: null,
    topics: [],
    tags: [],
    authors: [],
    series: null,
    access: 'members',
    mediaType: 'ARTICLES',
    hero: { art: { motif: 'stripes', seed: storySlug }, photo: null, alt: '', caption: '', credit: '' },
    body: [],
    seoTitle: '',
    seoDescription: '',
    canonicalUrl: '',
    corrections: '',
  };
}

/** A slug from a headline: lower-case words joined by hyphens, at most 120 characters. */
export function slugFrom(headline: string): string {
  const words = headline
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 120).replace(/-+$/, '') || 'story';
}
