import { randomUUID } from 'node:crypto';
import { opens } from '@bof/paywall/entitlements';
import type { AccessLevel, MembershipLevel } from '@bof/paywall/types';
import { storyPath } from '../content/content.service';
import {
  ABSTAIN_MESSAGE,
  answerText,
  asksDefinition,
  composeAnswer,
  splitSentences,
  type AnswerSentence,
  type CandidateSentence,
  type SourceKind,
  type SourceRef,
} from './answer-composer';
import type { AnswerModel, ModelPassage } from './model-answer';
import { groundedSentences } from './model-answer';
import { parseSearchQuery, type SearchQuery } from './search-query';
import { SEARCH_PAGE_SIZE, type SearchDate, type SearchParams, type SearchTab } from './search.inputs';
import {
  SNIPPET_MARKS,
  type CandidateFilters,
  type CandidateRow,
  type DocumentKind,
  type MatchMode,
  type SearchRepo,
} from './search.repo';

/** Who is searching, as far as access goes; null when anonymous. */
export type SearchReader = { membershipLevel: MembershipLevel; isBofAdmin: boolean } | null;

/** A piece of a snippet: `mark` pieces matched the query. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface SearchResult {
  kind: DocumentKind;
  /** Article id, glossary term slug or profile id. */
  id: string;
  title: string;
  /** A profile's headline (a person's role, an organisation's industry and city); null otherwise. */
  subtitle: string | null;
  /** A profile's uploaded thumbnail (`/media/{id}.webp`); null otherwise. */
  image: string | null;
  path: string;
  snippet: SnippetPart[];
  sectionSlug: string | null;
  publishedAt: Date | null;
  /** The reader may not open it (a wall stands before its body). */
  gated: boolean;
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

export interface SearchOutcome {
  /** `empty`: nothing searchable was typed; the page asks for a word. */
  status: 'empty' | 'results';
  query: string;
  searchId: string;
  results: SearchResult[];
  /** Matches found (at most the candidate set; `capped` says more exist). */
  total: number;
  capped: boolean;
  /** The results came from similar names, not from the words typed. */
  similar: boolean;
  page: number;
  pages: number;
  /** Results before the first one shown (its position is `offset + 1`). */
  offset: number;
  facets: {
    tabs: Record<SearchTab, number>;
    sections: FacetCount[];
    topics: FacetCount[];
    dates: FacetCount[];
  };
  /** A note for the reader: filters that were left out. */
  notice: string | null;
  question: boolean;
}

/** Spec §3's AI-search result, with the numbered citations the answer panel shows. */
export interface AiSearchAnswer {
  type: 'success' | 'error';
  answer: string;
  sentences: AnswerSentence[];
  citations: SourceRef[];
  sourcesIds: string[];
  peopleCompanyIds: string[];
  caseStudiesReportsIds: string[];
  fashionGlossary: string[];
  /** The sources retrieved, best first (the evaluation's recall@5 reads them). */
  retrieved: SourceRef[];
  composer: 'extractive' | 'model';
}

export interface SearchDeps {
  repo: SearchRepo;
  taxonomy(): Promise<{ sections: Map<string, string>; topics: Map<string, string> }>;
  /** The production answer model; null on the embedded defaults. */
  model: AnswerModel | null;
  now(): Date;
}

const TAB_KINDS: Record<SearchTab, readonly DocumentKind[]> = {
  all: ['story', 'case_study', 'glossary', 'person', 'organisation', 'job'],
  stories: ['story'],
  people: ['person', 'organisation'],
  reports: ['case_study'],
};
const DATE_DAYS: Record<Exclude<SearchDate, 'any'>, number> = { week: 7, month: 31, year: 366 };
const DATE_LABELS: Record<Exclude<SearchDate, 'any'>, string> = {
  week: 'Past week',
  month: 'Past month',
  year: 'Past year',
};
/** Sources an answer is composed from. */
const ANSWER_SOURCES = 8;
const MAX_SENTENCES = 400;

/** Whether the reader may read a story's body: the access engine's entitlements, never the meter. */
export function readsBody(reader: SearchReader, access: string | null): boolean {
  if (access === null || access === 'free') return true;
  if (!reader) return false;
  if (reader.isBofAdmin) return true;
  return opens(reader.membershipLevel, access as AccessLevel);
}

export function resultPath(row: Pick<CandidateRow, 'kind' | 'slug' | 'sectionSlug' | 'title'>): string {
  if (row.kind === 'story' || row.kind === 'case_study')
    return storyPath({
      kind: row.kind === 'story' ? 'article' : 'case_study',
      slug: row.slug,
      section: { slug: row.sectionSlug ?? '' },
    });
  if (row.kind === 'glossary') return `/search/?q=${encodeURIComponent(row.title)}`;
  if (row.kind === 'job') return `/careers/${row.slug}/`;
  return row.kind === 'person' ? `/people/${row.slug}/` : `/organisations/${row.slug}/`;
}

function snippetParts(text: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of text.split(SNIPPET_MARKS.start).entries()) {
    if (index === 0) {
      if (piece) parts.push({ text: piece, mark: false });
      continue;
    }
    const [marked, rest] = piece.split(SNIPPET_MARKS.stop);
    if (marked) parts.push({ text: marked, mark: true });
    if (rest) parts.push({ text: rest, mark: false });
  }
  return parts;
}

/** A candidate an answer may cite: anything but a job listing. */
type CitableRow = CandidateRow & { kind: SourceKind };
const citable = (row: CandidateRow): row is CitableRow => row.kind !== 'job';

const sourceOf = (row: CitableRow): SourceRef => ({
  kind: row.kind,
  id: row.refId,
  title: row.title,
  path: resultPath(row),
});

export function createSearchService(deps: SearchDeps) {
  const filtersOf = (params: Pick<SearchParams, 'section' | 'topic' | 'date'>): CandidateFilters => ({
    section: params.section,
    topic: params.topic,
    since:
      params.date === 'any' ? null : new Date(deps.now().getTime() - DATE_DAYS[params.date] * 86_400_000),
  });

  async function retrieve(query: SearchQuery, filters: CandidateFilters, preferred: MatchMode) {
    let mode = preferred;
    let found = await deps.repo.candidates(query, mode, filters, deps.now());
    if (found.rows.length === 0 && mode === 'all' && query.words.length >= 3) {
      mode = 'any';
      found = await deps.repo.candidates(query, mode, filters, deps.now());
    }
    let similar = false;
    // Misspelled names: only words that no document contains are matched by similarity, so a query whose
    // words are all known but never together finds nothing rather than every title like one of them.
    const unmatched = found.rows.length === 0 ? await deps.repo.unmatchedWords(query.words) : [];
    if (unmatched.length > 0) {
      const rows = await deps.repo.similarTitles(unmatched, filters, deps.now());
      if (rows.length > 0) {
        similar = true;
        found = { rows, capped: false };
      }
    }
    return { ...found, mode, similar };
  }

  return {
    /**
     * The search page: ranked results of one tab's page, facets, highlighted snippets. Never throws on
     * input. `window` takes `limit` results from `offset` instead of the page of `params` (the API).
     */
    async search(
      params: SearchParams,
      reader: SearchReader,
      window?: { offset: number; limit: number },
    ): Promise<SearchOutcome> {
      const searchId = randomUUID();
      const notice =
        params.ignored.length > 0
          ? `Some filters were not understood and were left out: ${params.ignored.join(', ')}.`
          : null;
      const emptyFacets = {
        tabs: { all: 0, stories: 0, people: 0, reports: 0 },
        sections: [],
        topics: [],
        dates: [],
      };
      const query = parseSearchQuery(params.q);
      if (!query)
        return {
          status: 'empty',
          query: params.q.trim().slice(0, 256),
          searchId,
          results: [],
          total: 0,
          capped: false,
          similar: false,
          page: 1,
          pages: 0,
          offset: 0,
          facets: emptyFacets,
          notice,
          question: false,
        };
      const { rows, capped, mode, similar } = await retrieve(query, filtersOf(params), 'all');
      const tabs = { all: rows.length, stories: 0, people: 0, reports: 0 };
      for (const row of rows) {
        if (row.kind === 'story') tabs.stories++;
        else if (row.kind === 'case_study') tabs.reports++;
        else if (row.kind === 'person' || row.kind === 'organisation') tabs.people++;
      }
      const inTab = rows.filter((row) => TAB_KINDS[params.tab].includes(row.kind));
      const names = await deps.taxonomy();
      const count = (values: (string | null)[], label: (v: string) => string | undefined) => {
        const counts = new Map<string, number>();
        for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
        return [...counts]
          .map(([value, n]) => ({ value, label: label(value) ?? value, count: n }))
          .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
          .slice(0, 12);
      };
      const now = deps.now().getTime();
      // A date with nothing in it is left out, unless it is the filter in force (it can be cleared).
      const dates = (['week', 'month', 'year'] as const)
        .map((value) => ({
          value,
          label: DATE_LABELS[value],
          count: inTab.filter(
            (row) => row.publishedAt && now - row.publishedAt.getTime() <= DATE_DAYS[value] * 86_400_000,
          ).length,
        }))
        .filter((facet) => facet.count > 0 || facet.value === params.date);
      const pages = Math.ceil(inTab.length / SEARCH_PAGE_SIZE);
      const page = Math.min(params.page, Math.max(pages, 1));
      const offset = window ? Math.min(window.offset, inTab.length) : (page - 1) * SEARCH_PAGE_SIZE;
      const shown = inTab.slice(offset, offset + (window?.limit ?? SEARCH_PAGE_SIZE));
      const snippets = similar
        ? new Map<number, string>()
        : await deps.repo.snippets(
            query,
            mode,
            shown.map((row) => row.id),
            shown.filter((row) => readsBody(reader, row.access)).map((row) => row.id),
          );
      return {
        status: 'results',
        query: query.text,
        searchId,
        results: shown.map((row) => ({
          kind: row.kind,
          id: row.refId,
          title: row.title,
          subtitle: row.subtitle,
          image: row.image,
          path: resultPath(row),
          snippet: snippetParts(snippets.get(row.id) ?? row.summary),
          sectionSlug: row.sectionSlug,
          publishedAt: row.publishedAt,
          gated: !readsBody(reader, row.access),
        })),
        total: inTab.length,
        capped,
        similar,
        page,
        pages,
        offset,
        facets: {
          tabs,
          sections: count(
            inTab.map((r) => r.sectionSlug),
            (v) => names.sections.get(v),
          ),
          topics: count(
            inTab.flatMap((r) => r.topicSlugs),
            (v) => names.topics.get(v),
          ),
          dates,
        },
        notice,
        question: query.question,
      };
    },

    /** Which of a section and a topic name none of the site's: the API refuses them rather than find nothing. */
    async unknownFilters(filters: {
      section: string | null;
      topic: string | null;
    }): Promise<('section' | 'topic')[]> {
      if (!filters.section && !filters.topic) return [];
      const names = await deps.taxonomy();
      return [
        ...(filters.section && !names.sections.has(filters.section) ? (['section'] as const) : []),
        ...(filters.topic && !names.topics.has(filters.topic) ? (['topic'] as const) : []),
      ];
    },

    /**
     * An answer to a question, cited sentence by sentence, from passages the reader may read: the bodies
     * of stories the reader's access opens, only the headline and standfirst of the others. Abstains
     * (type `error`) when the sources cover too little of the question.
     */
    async answer(
      question: string,
      reader: SearchReader,
      filters: Pick<SearchParams, 'section' | 'topic' | 'date'> = { section: null, topic: null, date: 'any' },
    ): Promise<AiSearchAnswer> {
      const abstain = (retrieved: SourceRef[] = []): AiSearchAnswer => ({
        type: 'error',
        answer: ABSTAIN_MESSAGE,
        sentences: [],
        citations: [],
        sourcesIds: [],
        peopleCompanyIds: [],
        caseStudiesReportsIds: [],
        fashionGlossary: [],
        retrieved,
        composer: 'extractive',
      });
      const query = parseSearchQuery(question);
      if (!query) return abstain();
      const { rows } = await deps.repo.candidates(query, 'any', filtersOf(filters), deps.now());
      // Job listings are shown in the results, never cited by an answer.
      const top = rows.filter(citable).slice(0, ANSWER_SOURCES);
      const retrieved = top.map(sourceOf);
      if (top.length === 0) return abstain(retrieved);

      const readable = top.filter(
        (row) => (row.kind === 'story' || row.kind === 'case_study') && readsBody(reader, row.access),
      );
      const bodies = await deps.repo.bodies(readable.map((row) => row.refId));
      const candidates: Omit<CandidateSentence, 'lexemes'>[] = [];
      top.forEach((row, rank) => {
        const source = sourceOf(row);
        const passages =
          row.kind === 'glossary'
            ? [`${row.title}: ${row.summary}`]
            : row.kind === 'person' || row.kind === 'organisation'
              ? // A profile's public headline and summary (never an organisation's premium description).
                [row.subtitle ? `${row.title}: ${row.subtitle}.` : `${row.title}.`, row.summary]
              : [`${row.title}.`, row.summary, ...paragraphs(bodies.get(row.refId))];
        let position = 0;
        for (const passage of passages)
          for (const text of splitSentences(passage))
            candidates.push({ source, rank, position: position++, text });
      });
      const sentences = candidates.slice(0, MAX_SENTENCES);
      const [questionLexemes, ...lexemes] = await deps.repo.lexemes([
        query.text,
        ...sentences.map((s) => s.text),
      ]);
      const composed = composeAnswer(
        questionLexemes ?? [],
        sentences.map((s, i) => ({ ...s, lexemes: lexemes[i] ?? [] })),
        { definition: asksDefinition(query.text) },
      );
      if (composed.type === 'error') return abstain(retrieved);

      let answerSentences = composed.sentences;
      let citations = composed.citations;
      let composer: AiSearchAnswer['composer'] = 'extractive';
      if (deps.model) {
        // The model sees the same passages; whatever it cites must be one of them.
        const passages: ModelPassage[] = [];
        const passageSource = new Map<string, SourceRef>();
        for (const [index, s] of sentences.entries()) {
          const label = `P${index + 1}`;
          passages.push({ label, text: `${s.source.title} — ${s.text}` });
          passageSource.set(label, s.source);
        }
        const reply = await deps.model.answer(query.text, passages.slice(0, 120));
        if (reply) {
          const modelCitations: SourceRef[] = [];
          const numbers = new Map<string, number>();
          for (const sentence of reply.sentences)
            for (const label of sentence.passages) {
              const source = passageSource.get(label);
              if (!source || numbers.has(label)) continue;
              let index = modelCitations.findIndex((c) => c.kind === source.kind && c.id === source.id);
              if (index < 0) index = modelCitations.push(source) - 1;
              numbers.set(label, index + 1);
            }
          const grounded = groundedSentences(reply, numbers);
          if (grounded) {
            answerSentences = grounded;
            citations = modelCitations;
            composer = 'model';
          }
        }
      }
      const ids = (kinds: DocumentKind[]) => citations.filter((c) => kinds.includes(c.kind)).map((c) => c.id);
      return {
        type: 'success',
        answer: answerText(answerSentences),
        sentences: answerSentences,
        citations,
        sourcesIds: ids(['story']),
        peopleCompanyIds: ids(['person', 'organisation']),
        caseStudiesReportsIds: ids(['case_study']),
        fashionGlossary: ids(['glossary']),
        retrieved,
        composer,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

/** The paragraph and list texts of an article's body blocks (headings, quotes and images left out). */
function paragraphs(body: unknown): string[] {
  if (!Array.isArray(body)) return [];
  const out: string[] = [];
  for (const block of body as { type?: string; text?: unknown; items?: unknown }[]) {
    if (block.type === 'paragraph' && typeof block.text === 'string') out.push(block.text);
    if (block.type === 'list' && Array.isArray(block.items))
      for (const item of block.items) if (typeof item === 'string') out.push(item);
  }
  return out;
}
