import { z } from 'zod';
import { SLUG_PATTERN } from '../content/content.inputs';
import { sanitiseText } from './newsroom.inputs';

/**
 * What the desk edits besides stories: sections, topics, authors and series, in the content record format
 * (docs/content-format.md), and the front page's pinned lead slots. Texts are sanitised on the server
 * (plain text: markup and control characters removed) before their limits are checked.
 */

export const DESK_KINDS = ['section', 'topic', 'author', 'series'] as const;
export type DeskKind = (typeof DESK_KINDS)[number];

const clean = (max: number) =>
  z
    .string()
    .transform(sanitiseText)
    .pipe(z.string().min(1, 'Must not be empty.').max(max, `At most ${max} characters.`));

const slug = z
  .string()
  .trim()
  .min(1, 'Must not be empty.')
  .max(120, 'A slug has at most 120 characters.')
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (kebab-case).');

/**
 * One desk entry as the form sends it. `name` is a series' title; `title` (an author's job title) and
 * `photo` are for authors only; `description` is an author's bio. Limits are the content format's.
 */
export const deskEntrySchema = z
  .strictObject({
    kind: z.enum(DESK_KINDS, { message: `One of ${DESK_KINDS.join(', ')}.` }),
    /** Whether this creates the entry (its slug must be free) or changes the one with this slug. */
    create: z.boolean(),
    slug: z.string(),
    name: z.string(),
    title: z.string().nullish(),
    description: z.string(),
    photo: z.string().nullish(),
  })
  // Every field is checked here, so one answer names every problem (a failed shape would stop at the first).
  .transform((input, ctx) => {
    const limits =
      input.kind === 'author'
        ? { name: 120, description: 2000 }
        : input.kind === 'series'
          ? { name: 120, description: 600 }
          : { name: 80, description: 600 };
    const check = (
      field: 'name' | 'description' | 'title',
      value: string | null | undefined,
      max: number,
    ) => {
      const parsed = clean(max).safeParse(value ?? '');
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        return '';
      }
      return parsed.data;
    };
    const slugParsed = slug.safeParse(input.slug);
    if (!slugParsed.success)
      for (const issue of slugParsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['slug'], message: issue.message });
    if (input.photo && input.kind === 'author' && !z.uuid().safeParse(input.photo).success)
      ctx.addIssue({ code: 'custom', path: ['photo'], message: 'An uploaded photo id.' });
    const name = check('name', input.name, limits.name);
    const description = check('description', input.description, limits.description);
    const title = input.kind === 'author' ? check('title', input.title, 160) : null;
    if (input.kind !== 'author' && input.photo)
      ctx.addIssue({ code: 'custom', path: ['photo'], message: 'Only authors have a photo.' });
    return {
      ...input,
      name,
      description,
      title,
      photo: input.kind === 'author' ? (input.photo ?? null) : null,
    };
  });
export type DeskEntryInput = z.output<typeof deskEntrySchema>;

/** The front page's lead slots (1 is the top story), each a published article's slug or empty. */
export const frontPinsSchema = z
  .array(slug.nullable())
  .min(1, 'Name the lead slots, the top story first (null leaves a slot to the newest story).')
  .max(3, 'Three lead slots can be pinned.')
  .superRefine((slugs, ctx) => {
    const seen = new Set<string>();
    slugs.forEach((value, index) => {
      if (value === null) return;
      if (seen.has(value))
        ctx.addIssue({ code: 'custom', path: [index], message: 'A story can lead in one slot only.' });
      seen.add(value);
    });
  });
