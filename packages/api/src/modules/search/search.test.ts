import { describe, expect, it } from 'vitest';
import {
  ABSTAIN_MESSAGE,
  answerText,
  asksDefinition,
  composeAnswer,
  splitSentences,
  type CandidateSentence,
} from './answer-composer';
import { groundedSentences, parseModelReply } from './model-answer';
import { analyticsTerm, parseSearchQuery, SEARCH_QUERY_MAX_CHARS } from './search-query';
import { readSearchParams } from './search.inputs';

describe('search queries', () => {
  it('keep the words, mark the last one being typed as a prefix, and spot questions', () => {
    expect(parseSearchQuery('resale pri')).toMatchObject({ rest: 'resale', prefix: 'pri', question: false });
    expect(parseSearchQuery('resale prices ')).toMatchObject({ prefix: null, text: 'resale prices' });
    expect(parseSearchQuery('"leather bags"')).toMatchObject({ prefix: null });
    expect(parseSearchQuery('How much did Aurelle raise?')!.question).toBe(true);
  });

  it('refuse what has nothing to search and cut what is too long', () => {
    for (const raw of ['', '   ', '😀🔥', '&|!:*()', '\u0000\u0007'])
      expect(parseSearchQuery(raw)).toBeNull();
    expect(parseSearchQuery('word '.repeat(2000))!.text.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_CHARS);
    expect([...analyticsTerm('é'.repeat(2000), 255)]).toHaveLength(255);
  });

  it('drop unknown filters and name them', () => {
    const params = readSearchParams({ q: ['a', 'b'], tab: 'x', date: 'week', page: '0', topic: 'Bad Slug' });
    expect(params).toMatchObject({ q: 'a', tab: 'all', date: 'week', page: 1, topic: null });
    expect(params.ignored).toEqual(['tab', 'topic', 'page']);
  });
});

const source = (id: string) => ({ kind: 'story' as const, id, title: id, path: `/${id}/` });
const sentence = (id: string, rank: number, position: number, text: string, lexemes: string[]) =>
  ({ source: source(id), rank, position, text, lexemes }) satisfies CandidateSentence;

describe('the extractive composer', () => {
  const sentences = [
    sentence('a', 0, 0, 'Aurelle raised €120 million in a growth round.', [
      'aurell',
      'rais',
      'million',
      'growth',
      'round',
    ]),
    sentence('a', 0, 1, 'The round was led by Northvale.', ['round', 'led', 'northval']),
    sentence('b', 1, 0, 'Another brand raised money last year as well.', [
      'anoth',
      'brand',
      'rais',
      'money',
      'last',
      'year',
    ]),
  ];

  it('cites every sentence and is deterministic', () => {
    const first = composeAnswer(['much', 'aurell', 'rais'], sentences);
    expect(first).toEqual(composeAnswer(['much', 'aurell', 'rais'], sentences));
    expect(first.type).toBe('success');
    if (first.type !== 'success') return;
    expect(first.citations.map((c) => c.id)).toEqual(['a']);
    expect(answerText(first.sentences)).toBe('Aurelle raised €120 million in a growth round. [1]');
  });

  it('abstains when no source covers the question', () => {
    expect(composeAnswer(['jupit', 'moon'], sentences)).toMatchObject({
      type: 'error',
      message: ABSTAIN_MESSAGE,
    });
    expect(composeAnswer([], sentences).type).toBe('error');
    expect(composeAnswer(['aurell'], []).type).toBe('error');
  });

  it('splits sentences and recognises definition questions', () => {
    expect(
      splitSentences(
        'Resale prices rose 8 percent. Short one. “Prices for bags rose again in 2026,” she said.',
      ),
    ).toEqual(['Resale prices rose 8 percent.', '“Prices for bags rose again in 2026,” she said.']);
    expect(asksDefinition('What is deadstock?')).toBe(true);
    expect(asksDefinition('What does sell-through rate mean?')).toBe(true);
    expect(asksDefinition('Why did Plainfold fail?')).toBe(false);
  });
});

describe('model answers', () => {
  it('are read from JSON and refused when they cite what was not retrieved or run too long', () => {
    const reply = parseModelReply('```json\n{"sentences":[{"text":"A.","passages":["P1","P2"]}]}\n```');
    expect(reply).not.toBeNull();
    const sources = new Map([
      ['P1', 1],
      ['P2', 1],
    ]);
    expect(groundedSentences(reply!, sources)).toEqual([{ text: 'A.', cites: [1] }]);
    expect(groundedSentences({ sentences: [{ text: 'A.', passages: ['P9'] }] }, sources)).toBeNull();
    expect(groundedSentences({ sentences: [] }, sources)).toBeNull();
    const long = {
      sentences: Array.from({ length: 3 }, () => ({ text: 'x'.repeat(4000), passages: ['P1'] })),
    };
    expect(groundedSentences(long, sources)).toBeNull();
    expect(parseModelReply('not json')).toBeNull();
    expect(parseModelReply('{"sentences":[{"text":"uncited","passages":[]}]}')).toBeNull();
  });
});
