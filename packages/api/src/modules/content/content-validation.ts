import {
  contentRecordSchema,
  type AuthorRecord,
  type ContentRecord,
  type SectionRecord,
  type SeriesRecord,
  type StoryRecord,
  type TopicRecord,
} from './content.inputs';
import type { RecordError } from './content.errors';
import type { RecordSource, SourceItem } from './content-source';

/** What records may refer to, by slug. */
export type ReferenceKind = 'section' | 'topic' | 'author' | 'series' | 'article';

/** Which of `slugs` of a kind the database already holds. */
export type ExistingSlugs = (kind: ReferenceKind, slugs: readonly string[]) => Promise<Set<string>>;

/** The taxonomy of an import, kept in memory between the two passes (it is small). */
export interface ImportTaxonomy {
  sections: SectionRecord[];
  topics: TopicRecord[];
  authors: AuthorRecord[];
  series: SeriesRecord[];
}

export type ValidationOutcome =
  | { ok: true; taxonomy: ImportTaxonomy; storyCount: number; recordCount: number }
  | { ok: false; errors: RecordError[]; recordCount: number };

/** Where a reference was made, kept for the first few uses of each target only. */
interface Use {
  source: string;
  record: number;
  line?: number;
  slug: string;
  path: string;
}
const USES_KEPT = 5;

const slugOf = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && typeof (value as { slug?: unknown }).slug === 'string'
    ? (value as { slug: string }).slug
    : undefined;

/** Parses one source item; a failure becomes record errors, one per field. */
export function parseItem(
  item: SourceItem,
): { ok: true; record: ContentRecord } | { ok: false; errors: RecordError[] } {
  const at = { source: item.source, record: item.record, ...(item.line ? { line: item.line } : {}) };
  if ('error' in item) return { ok: false, errors: [{ ...at, path: '', message: item.error }] };
  const parsed = contentRecordSchema.safeParse(item.value);
  if (parsed.success) return { ok: true, record: parsed.data };
  const slug = slugOf(item.value);
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      ...at,
      ...(slug ? { slug } : {}),
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}

/** The slugs a story refers to, with the field path of each reference. */
export function storyReferences(story: StoryRecord): { kind: ReferenceKind; slug: string; path: string }[] {
  const refs: { kind: ReferenceKind; slug: string; path: string }[] = [
    { kind: 'section', slug: story.section, path: 'section' },
  ];
  story.topics.forEach((slug, i) => refs.push({ kind: 'topic', slug, path: `topics.${i}` }));
  story.authors.forEach((a, i) => refs.push({ kind: 'author', slug: a.slug, path: `authors.${i}.slug` }));
  if (story.series) refs.push({ kind: 'series', slug: story.series, path: 'series' });
  if (story.access.startsWith('topic:'))
    refs.push({ kind: 'topic', slug: story.access.slice('topic:'.length), path: 'access' });
  story.body.forEach((block, i) => {
    if (block.type === 'related') refs.push({ kind: 'article', slug: block.slug, path: `body.${i}.slug` });
  });
  return refs;
}

const KIND_WORDS: Record<ReferenceKind, string> = {
  section: 'section',
  topic: 'topic',
  author: 'author',
  series: 'series',
  article: 'article or case study',
};

/**
 * The first pass of an import: parses every record, finds duplicate slugs and references to slugs
 * neither the import nor the database holds. Reports every problem it finds, in record order; only
 * the taxonomy is kept (stories are read again by the write pass).
 */
export async function validateImport(
  source: RecordSource,
  existingSlugs: ExistingSlugs,
  onRecord: (count: number) => void = () => undefined,
): Promise<ValidationOutcome> {
  const errors: RecordError[] = [];
  const taxonomy: ImportTaxonomy = { sections: [], topics: [], authors: [], series: [] };
  const defined: Record<ReferenceKind, Map<string, number>> = {
    section: new Map(),
    topic: new Map(),
    author: new Map(),
    series: new Map(),
    article: new Map(),
  };
  const uses: Record<ReferenceKind, Map<string, Use[]>> = {
    section: new Map(),
    topic: new Map(),
    author: new Map(),
    series: new Map(),
    article: new Map(),
  };
  let recordCount = 0;
  let storyCount = 0;

  for await (const item of source()) {
    recordCount++;
    onRecord(recordCount);
    const parsed = parseItem(item);
    if (!parsed.ok) {
      errors.push(...parsed.errors);
      continue;
    }
    const record = parsed.record;
    const kind: ReferenceKind =
      record.type === 'article' || record.type === 'caseStudy' ? 'article' : record.type;
    const at = { source: item.source, record: item.record, ...(item.line ? { line: item.line } : {}) };
    const earlier = defined[kind].get(record.slug);
    if (earlier !== undefined) {
      errors.push({
        ...at,
        slug: record.slug,
        path: 'slug',
        message: `The slug is already used by record ${earlier} (${KIND_WORDS[kind]}).`,
      });
      continue;
    }
    defined[kind].set(record.slug, item.record);
    switch (record.type) {
      case 'section':
        taxonomy.sections.push(record);
        break;
      case 'topic':
        taxonomy.topics.push(record);
        break;
      case 'author':
        taxonomy.authors.push(record);
        break;
      case 'series':
        taxonomy.series.push(record);
        break;
      case 'article':
      case 'caseStudy':
        storyCount++;
        for (const ref of storyReferences(record)) {
          const list = uses[ref.kind].get(ref.slug) ?? [];
          if (list.length < USES_KEPT) list.push({ ...at, slug: record.slug, path: ref.path });
          uses[ref.kind].set(ref.slug, list);
        }
        break;
    }
  }

  for (const kind of Object.keys(uses) as ReferenceKind[]) {
    const missing = [...uses[kind].keys()].filter((slug) => !defined[kind].has(slug));
    if (missing.length === 0) continue;
    const existing = await existingSlugs(kind, missing);
    for (const slug of missing) {
      if (existing.has(slug)) continue;
      for (const use of uses[kind].get(slug)!)
        errors.push({ ...use, message: `No ${KIND_WORDS[kind]} has the slug "${slug}".` });
    }
  }

  errors.sort((a, b) => a.source.localeCompare(b.source) || a.record - b.record);
  return errors.length > 0
    ? { ok: false, errors, recordCount }
    : { ok: true, taxonomy, storyCount, recordCount };
}
