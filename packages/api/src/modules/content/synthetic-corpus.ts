import type { ArticleRecord, TaxonomyRecord } from './content.inputs';
import { ART_MOTIFS } from './content.inputs';

/**
 * A synthetic corpus for benchmarks: a taxonomy, then `count` articles of about 350 words each, all
 * valid records of the import format. Deterministic: the same count gives the same records.
 *
 * Its stories and authors have slugs of their own (`synthetic-…`). Its sections, topics and series
 * are those of the demo edition, repeated verbatim from `shared` (the demo's taxonomy.json): imported
 * beside the demo edition they change nothing (the import finds them unchanged), and into an empty
 * database they create the demo's own names and descriptions, so the list pages being measured are
 * the real ones.
 */
export function* syntheticCorpus(
  count: number,
  shared: readonly TaxonomyRecord[],
): Generator<TaxonomyRecord | ArticleRecord> {
  const sections = ['news', 'analysis', 'opinion'];
  const record = (type: TaxonomyRecord['type'], slug: string) => {
    const found = shared.find((r) => r.type === type && r.slug === slug);
    if (!found) throw new Error(`The synthetic corpus needs the ${type} "${slug}" of the demo edition.`);
    return found;
  };
  for (const slug of sections) yield record('section', slug);
  for (const slug of TOPICS) yield record('topic', slug);
  for (let a = 0; a < AUTHOR_COUNT; a++)
    yield {
      type: 'author',
      slug: `synthetic-author-${a + 1}`,
      name: `${FIRST[a % FIRST.length]} ${LAST[(a * 7) % LAST.length]}`,
      title: 'Correspondent',
      bio: 'A synthetic author for benchmarks.',
    };
  yield record('series', 'bof-insights');

  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < count; i++) {
    const random = seeded(i + 1);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const topic = pick(TOPICS);
    const second = pick(TOPICS);
    const subject = pick(SUBJECTS);
    const paragraphs = Array.from({ length: 7 }, () => sentence(random, 50));
    yield {
      type: 'article',
      slug: `synthetic-${i + 1}-${topic}`,
      headline: `${capital(subject)} ${pick(VERBS)} ${pick(OBJECTS)} (${i + 1})`,
      standfirst: sentence(random, 24),
      section: pick(sections),
      topics: topic === second ? [topic] : [topic, second],
      tags: [pick(TAGS)],
      authors: [{ slug: `synthetic-author-${1 + Math.floor(random() * AUTHOR_COUNT)}`, role: 'AUTHOR' }],
      access: pick(['free', 'registered', 'members', 'premium', 'topic:beauty'] as const),
      mediaType: random() < 0.8 ? 'ARTICLES' : 'NEWS',
      series: random() < 0.05 ? 'bof-insights' : null,
      publishedAt: new Date(start + i * 37 * 60_000).toISOString(),
      updatedAt: null,
      hero: {
        art: { motif: pick(ART_MOTIFS), seed: `synthetic-${i + 1}` },
        alt: 'An abstract pattern.',
        caption: 'A synthetic illustration.',
        credit: 'Illustration: BoF Studio',
      },
      body: [
        ...paragraphs.slice(0, 3).map((text) => ({ type: 'paragraph' as const, text })),
        { type: 'heading' as const, text: capital(pick(OBJECTS)), level: 2 as const },
        ...paragraphs.slice(3).map((text) => ({ type: 'paragraph' as const, text })),
      ],
    };
  }
}

const AUTHOR_COUNT = 24;
const TOPICS = [
  'luxury',
  'retail',
  'beauty',
  'sustainability',
  'technology',
  'marketing',
  'workplace-talent',
  'resale',
  'global-markets',
  'direct-to-consumer',
] as const;
const TAGS = ['earnings', 'supply-chain', 'e-commerce', 'wholesale', 'leadership', 'china', 'pricing'];
const FIRST = ['Ada', 'Bea', 'Cato', 'Dara', 'Eli', 'Fen', 'Gia', 'Hal', 'Ines', 'Jun', 'Kai'];
const LAST = ['Amsel', 'Brook', 'Carver', 'Dunmore', 'Ellis', 'Fairley', 'Grove', 'Hale', 'Ives'];
const SUBJECTS = ['luxury groups', 'department stores', 'beauty brands', 'resale platforms', 'sportswear'];
const VERBS = ['rethink', 'double down on', 'retreat from', 'bet on', 'reprice'];
const OBJECTS = ['wholesale', 'flagship stores', 'loyalty schemes', 'entry prices', 'supply chains'];
const WORDS = (
  'the brand market sales growth quarter retail customer price margin store online luxury beauty ' +
  'demand supply chain inventory season collection investor revenue strategy consumer wholesale ' +
  'digital marketing product category region china europe america profit cost share launch'
).split(' ');

function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]!);
  return `${capital(out.join(' '))}.`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A small deterministic generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
