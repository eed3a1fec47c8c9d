import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource, type SourceItem } from '../content/content-source';
import { ABSTAIN_MESSAGE, AI_ANSWER_MAX_CHARS } from './answer-composer';
import { glossarySeed } from './glossary.seed';
import { GLOSSARY_TERMS } from './glossary-terms';
import { openAiCompatibleModel } from './model-answer';
import { searchServiceFor } from './search.module';
import { readSearchParams } from './search.inputs';

let database: DatabaseHandle;

const items = (records: unknown[]): SourceItem[] =>
  records.map((value, index) => ({ source: 'test.ndjson', record: index + 1, line: index + 1, value }));
const importRecords = (records: unknown[]) => importContentInto(database.db, memorySource(items(records)));

/** A sentence only a premium reader may read: it must never reach anyone else. */
const WALLED = 'The walled figure is that Quillmoor margins reached forty-one percent in the spring.';

const stories = [
  ...fixtureTaxonomy,
  fixtureArticle('resale-prices', {
    headline: 'Resale Prices for Leather Bags Hold Firm',
    standfirst: 'Secondhand values of classic bags rose again this year.',
    body: [
      {
        type: 'paragraph',
        text: 'Resale prices for classic leather bags rose eight percent this year. Watches held their value too.',
      },
    ],
  }),
  fixtureArticle('cafe-creme', {
    headline: 'Café Crème Opens a Flagship in Paris',
    publishedAt: '2026-09-01T07:30:00Z',
  }),
  fixtureArticle('casa-ferrante', {
    headline: 'Casa Ferrante Cuts Wholesale Accounts',
    standfirst: 'The knitwear label moves to direct selling.',
    topics: ['retail'],
    section: 'analysis',
  }),
  fixtureArticle('quillmoor-margins', {
    headline: 'Quillmoor Reports Record Margins',
    standfirst: 'The outerwear maker had its best spring.',
    access: 'premium',
    body: [{ type: 'paragraph', text: WALLED }],
  }),
  fixtureCaseStudy('a-case'),
];

beforeAll(async () => {
  database = await createTestDatabase();
  await importRecords(stories);
  await glossarySeed.run(database.db);
}, 240_000);
afterAll(async () => {
  await database?.close();
});

const service = () => searchServiceFor(database.db, { aiAnswers: null });
const titles = async (q: string, extra: Record<string, string> = {}) =>
  (await service().search(readSearchParams({ q, ...extra }), null)).results.map((r) => r.title);

describe('the search index', () => {
  it('indexes stories and case studies in the import transaction, and follows their changes', async () => {
    expect(await titles('resale prices')).toContain('Resale Prices for Leather Bags Hold Firm');
    expect(await titles('headline of a case', { tab: 'reports' })).toEqual(['Headline of a-case']);
    await importRecords([
      ...fixtureTaxonomy,
      { ...stories.find((s) => s.slug === 'casa-ferrante')!, headline: 'Casa Ferrante Closes Its Outlets' },
    ]);
    expect(await titles('outlets closes')).toContain('Casa Ferrante Closes Its Outlets');
    expect(await titles('wholesale accounts')).not.toContain('Casa Ferrante Cuts Wholesale Accounts');
  });

  it('folds accents, matches the last word as a prefix, and finds misspelled names', async () => {
    expect(await titles('cafe creme')).toEqual(['Café Crème Opens a Flagship in Paris']);
    expect(await titles('resa')).toContain('Resale Prices for Leather Bags Hold Firm');
    const similar = await service().search(readSearchParams({ q: 'quilmoor' }), null);
    expect(similar.similar).toBe(true);
    expect(similar.results.map((r) => r.title)).toContain('Quillmoor Reports Record Margins');
  });

  it('reads web search syntax: quotes, minus and or', async () => {
    expect(await titles('"leather bags"')).toContain('Resale Prices for Leather Bags Hold Firm');
    expect(await titles('flagship -paris', { tab: 'stories' })).toEqual([]);
    expect(await titles('quillmoor or ferrante')).toHaveLength(2);
  });

  it('holds at least 150 glossary terms, searchable and citable', async () => {
    expect(GLOSSARY_TERMS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(GLOSSARY_TERMS.map((t) => t.slug)).size).toBe(GLOSSARY_TERMS.length);
    expect(await titles('deadstock')).toEqual(['Deadstock']);
    const answer = await service().answer('What is deadstock?', null);
    expect(answer.type).toBe('success');
    expect(answer.fashionGlossary).toEqual(['deadstock']);
  });

  it('answers bad input with results or a clear message, never an error', async () => {
    for (const q of [
      '',
      '   ',
      'x'.repeat(10_000),
      '😀🔥👗',
      "'; drop table articles; --",
      '&|!:*()',
      '"unclosed',
      '-',
      'or',
    ]) {
      const outcome = await service().search(readSearchParams({ q }), null);
      expect(['empty', 'results']).toContain(outcome.status);
      expect(outcome.query.length).toBeLessThanOrEqual(256);
      const answer = await service().answer(q, null);
      expect(['success', 'error']).toContain(answer.type);
    }
    const count = await database.db.execute(sql`select count(*)::int as n from articles`);
    expect(count).toBeTruthy();
    const unknown = await service().search(
      readSearchParams({ q: 'resale', tab: 'everything', date: 'yesterday', section: '../x', page: '-4' }),
      null,
    );
    expect(unknown.status).toBe('results');
    expect(unknown.notice).toMatch(/tab, section, date, page/);
    expect(unknown.results.length).toBeGreaterThan(0);
  });
});

describe('answers', () => {
  it('cite every sentence with a retrieved source and stay under the limit', async () => {
    const answer = await service().answer('How much did resale prices for leather bags rise?', null);
    expect(answer.type).toBe('success');
    expect(answer.answer.length).toBeLessThanOrEqual(AI_ANSWER_MAX_CHARS);
    expect(answer.answer).toContain('eight percent');
    const retrieved = new Set(answer.retrieved.map((s) => s.id));
    for (const sentence of answer.sentences) {
      expect(sentence.cites.length).toBeGreaterThan(0);
      for (const n of sentence.cites) expect(retrieved.has(answer.citations[n - 1]!.id)).toBe(true);
    }
    expect(answer.sourcesIds).toHaveLength(1);
  });

  it('abstain with a plain message when the journalism does not answer', async () => {
    const answer = await service().answer('Who won the football world cup in 1998?', null);
    expect(answer).toMatchObject({ type: 'error', answer: ABSTAIN_MESSAGE, sentences: [] });
  });

  it('never leak a walled paragraph: gated stories give only headline and standfirst', async () => {
    const question = 'What margins did Quillmoor reach in the spring?';
    for (const reader of [null, { membershipLevel: 'Standard' as const, isBofAdmin: false }]) {
      const answer = await service().answer(question, reader);
      expect(answer.answer).not.toContain('forty-one');
      const outcome = await service().search(readSearchParams({ q: 'quillmoor margins' }), reader);
      const snippet = outcome.results[0]!.snippet.map((p) => p.text).join('');
      expect(snippet).not.toContain('forty-one');
      expect(outcome.results[0]!.gated).toBe(true);
    }
    const premium = await service().answer(question, { membershipLevel: 'Premium', isBofAdmin: false });
    expect(premium.answer).toContain('forty-one percent');
  });
});

describe('the answer model (recorded responses)', () => {
  const recorded = (content: string) =>
    (async () =>
      new Response(
        JSON.stringify({
          id: 'chatcmpl-recorded',
          object: 'chat.completion',
          created: 1_790_000_000,
          model: 'recorded-model',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )) as typeof fetch;
  const withModel = (content: string) =>
    searchServiceFor(database.db, {
      aiAnswers: null,
      model: openAiCompatibleModel({
        baseUrl: 'https://models.example/v1',
        apiKey: 'test-key',
        model: 'recorded-model',
        fetch: recorded(content),
      }),
    });
  const question = 'How much did resale prices for leather bags rise?';

  it('uses a grounded answer that cites retrieved passages', async () => {
    const answer = await withModel(
      '{"sentences":[{"text":"Classic leather bags resold for eight percent more this year.","passages":["P1","P3"]}]}',
    ).answer(question, null);
    expect(answer.composer).toBe('model');
    expect(answer.answer).toMatch(/^Classic leather bags resold for eight percent more this year\. \[1\]/);
    expect(answer.sourcesIds).toHaveLength(1);
  });

  it('rejects an answer citing a passage not retrieved, or over the limit, for the extractive one', async () => {
    const unknown = await withModel('{"sentences":[{"text":"Made up.","passages":["P999"]}]}').answer(
      question,
      null,
    );
    expect(unknown.composer).toBe('extractive');
    expect(unknown.answer).toContain('eight percent');
    const long = 'Long sentence. '.repeat(700);
    const tooLong = await withModel(
      JSON.stringify({
        sentences: [
          { text: long.slice(0, 5000), passages: ['P1'] },
          { text: long.slice(0, 5000), passages: ['P1'] },
          { text: long.slice(0, 5000), passages: ['P1'] },
        ],
      }),
    ).answer(question, null);
    expect(tooLong.composer).toBe('extractive');
    const garbage = await withModel('I think the answer is eight.').answer(question, null);
    expect(garbage.composer).toBe('extractive');
  });
});
