/**
 * The extractive answer composer: no model, no network. From sentences of the retrieved passages it picks
 * those that cover the question's words best, orders them by source and position, and cites each one's
 * source. It abstains when no source covers enough of the question. Pure and deterministic: the same
 * sentences give the same answer.
 */

/** Spec §5: an AI answer has at most this many characters. */
export const AI_ANSWER_MAX_CHARS = 10_000;
/** The plain words of an abstention (the result's type is `error`). */
export const ABSTAIN_MESSAGE = 'We could not find an answer in our journalism.';

export type SourceKind = 'story' | 'case_study' | 'glossary' | 'person' | 'organisation';

export interface SourceRef {
  kind: SourceKind;
  /** Article id for stories and case studies, term slug for the glossary, profile id for profiles. */
  id: string;
  title: string;
  path: string;
}

export interface CandidateSentence {
  source: SourceRef;
  /** The source's place in the retrieval order (0 is best). */
  rank: number;
  /** The sentence's place in its source. */
  position: number;
  text: string;
  /** Its stemmed words, as the index sees them. */
  lexemes: readonly string[];
}

export interface AnswerSentence {
  text: string;
  /** Numbers (1-based) into `citations`. */
  cites: number[];
}

export type ComposedAnswer =
  | { type: 'success'; sentences: AnswerSentence[]; citations: SourceRef[]; confidence: number }
  | { type: 'error'; message: string; confidence: number };

/** Below this share of the question's (weighted) words found in one source, the composer abstains. */
export const MIN_CONFIDENCE = 0.6;
const MAX_SENTENCES = 4;
/** A source is quoted only when it covers at least this share of what the best source covers. */
const SOURCE_SHARE = 0.95;
/** Words of asking, not of the subject (stemmed as the index stems them), left out of coverage. */
const QUESTION_FILLER = new Set([
  'much',
  'mani',
  'tell',
  'explain',
  'describ',
  'mean',
  'happen',
  'know',
  'kind',
  'thing',
]);

/** Whether a question asks what a word means ("What is …?", "What does … mean?", "Define …"). */
export function asksDefinition(question: string): boolean {
  return /^\s*(what\s+(is|are)\b(?!.*\b(happening|doing)\b)|what's\b|what\s+does\s.+\bmean\b|define\b|meaning\s+of\b)/i.test(
    question,
  );
}

/** Splits a passage into sentences. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => s.length >= 20);
}

/** Composes an answer to a question of `questionLexemes` from `sentences`. */
export function composeAnswer(
  questionLexemes: readonly string[],
  sentences: readonly CandidateSentence[],
  options: { definition?: boolean } = {},
): ComposedAnswer {
  const wanted = [...new Set(questionLexemes)].filter((lexeme) => !QUESTION_FILLER.has(lexeme));
  if (wanted.length === 0 || sentences.length === 0)
    return { type: 'error', message: ABSTAIN_MESSAGE, confidence: 0 };

  // Rarer words weigh more: a question's distinctive word (a name) matters more than "brand".
  const sets = sentences.map((s) => new Set(s.lexemes));
  const weight = new Map(
    wanted.map((lexeme) => {
      const df = sets.filter((set) => set.has(lexeme)).length;
      return [lexeme, Math.log(1 + sentences.length / (1 + df)) + 0.5];
    }),
  );
  const total = wanted.reduce((sum, l) => sum + weight.get(l)!, 0);
  const cover = (found: Iterable<string>) => {
    let sum = 0;
    for (const l of found) sum += weight.get(l) ?? 0;
    return sum / total;
  };
  const scored = sentences.map((sentence, index) => {
    const found = wanted.filter((l) => sets[index]!.has(l));
    return { sentence, found, score: cover(found) };
  });

  // Confidence: the best share of the question one source covers across its sentences.
  const bySource = new Map<string, Set<string>>();
  for (const s of scored) {
    const key = `${s.sentence.source.kind}:${s.sentence.source.id}`;
    const set = bySource.get(key) ?? new Set<string>();
    for (const l of s.found) set.add(l);
    bySource.set(key, set);
  }
  const confidence = Math.max(...[...bySource.values()].map((set) => cover(set)));
  const best = Math.max(...scored.map((s) => s.score));
  if (confidence < MIN_CONFIDENCE || best < MIN_CONFIDENCE / 2)
    return { type: 'error', message: ABSTAIN_MESSAGE, confidence };

  // Sentences come from the sources that cover the question about as well as the best one does: a
  // sentence matching a few words of the question in another story is left out rather than mis-cited.
  let strong = new Set(
    [...bySource].filter(([, set]) => cover(set) >= confidence * SOURCE_SHARE).map(([key]) => key),
  );
  // "What is deadstock?": a glossary term that covers the question is the answer on its own.
  const glossary = [...strong].filter((key) => key.startsWith('glossary:'));
  if (options.definition && glossary.length > 0) strong = new Set(glossary);
  const floor = Math.max(MIN_CONFIDENCE / 2, best * 0.6);
  const ordered = [...scored]
    .filter((s) => s.score >= floor && strong.has(`${s.sentence.source.kind}:${s.sentence.source.id}`))
    .sort(
      (a, b) =>
        b.score - a.score || a.sentence.rank - b.sentence.rank || a.sentence.position - b.sentence.position,
    );
  const picked: typeof scored = [];
  const seen = new Set<string>();
  let length = 0;
  for (const s of ordered) {
    if (picked.length >= MAX_SENTENCES) break;
    const text = s.sentence.text;
    if (seen.has(text)) continue;
    if (length + text.length + 8 > AI_ANSWER_MAX_CHARS) continue;
    seen.add(text);
    picked.push(s);
    length += text.length + 8;
  }
  picked.sort((a, b) => a.sentence.rank - b.sentence.rank || a.sentence.position - b.sentence.position);

  const citations: SourceRef[] = [];
  const numberOf = (source: SourceRef) => {
    let index = citations.findIndex((c) => c.kind === source.kind && c.id === source.id);
    if (index < 0) index = citations.push(source) - 1;
    return index + 1;
  };
  const answerSentences = picked.map((s) => ({
    text: s.sentence.text,
    cites: [numberOf(s.sentence.source)],
  }));
  return { type: 'success', sentences: answerSentences, citations, confidence };
}

/** The answer as one text, each sentence followed by its citation numbers: "… [1] … [2]". */
export function answerText(sentences: readonly AnswerSentence[]): string {
  return sentences.map((s) => `${s.text} ${s.cites.map((n) => `[${n}]`).join('')}`).join(' ');
}
