import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';
import { z } from 'zod';
import { AI_ANSWER_MAX_CHARS, type AnswerSentence } from './answer-composer';

/** A passage the model may ground its answer on, labelled for citing. */
export interface ModelPassage {
  /** "P1", "P2", …: what the model cites. */
  label: string;
  text: string;
}

/** A model's answer: sentences citing passage labels. */
export interface ModelAnswer {
  sentences: { text: string; passages: string[] }[];
}

/** Answers a question from passages through a chat model; null when it gave no usable answer. */
export interface AnswerModel {
  answer(question: string, passages: readonly ModelPassage[]): Promise<ModelAnswer | null>;
}

const SYSTEM = [
  'You answer questions about the fashion business using only the numbered passages given.',
  'Reply with JSON only: {"sentences":[{"text":"…","passages":["P1"]}]}.',
  'Every sentence cites the labels of the passages it rests on. Use no outside knowledge.',
  'When the passages do not answer the question, reply {"sentences":[]}.',
  `Keep the whole answer under ${AI_ANSWER_MAX_CHARS / 5} characters.`,
].join(' ');

const modelAnswerSchema = z.object({
  sentences: z
    .array(
      z.object({
        text: z.string().trim().min(1).max(AI_ANSWER_MAX_CHARS),
        passages: z.array(z.string().max(10)).min(1).max(20),
      }),
    )
    .max(50),
});

/** Reads the model's reply: JSON (possibly fenced as a code block) of the expected shape, or null. */
export function parseModelReply(reply: string): ModelAnswer | null {
  const body = reply
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    const parsed = modelAnswerSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a model's answer against what was retrieved: refused (null) when it is empty, cites a passage
 * that was not given, or is longer than the limit once cited. Otherwise the sentences with citation
 * numbers into `sources` (the passages' sources, in passage order).
 */
export function groundedSentences(
  answer: ModelAnswer,
  passageSources: ReadonlyMap<string, number>,
): AnswerSentence[] | null {
  if (answer.sentences.length === 0) return null;
  const sentences: AnswerSentence[] = [];
  let length = 0;
  for (const sentence of answer.sentences) {
    const cites: number[] = [];
    for (const label of sentence.passages) {
      const source = passageSources.get(label);
      if (source === undefined) return null;
      if (!cites.includes(source)) cites.push(source);
    }
    length += sentence.text.length + cites.length * 4 + 1;
    sentences.push({ text: sentence.text, cites });
  }
  return length > AI_ANSWER_MAX_CHARS ? null : sentences;
}

/** An OpenAI-compatible chat endpoint through the `ai` SDK (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export function openAiCompatibleModel(settings: {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Stands in for the network (tests replay recorded responses). */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}): AnswerModel {
  const provider = createOpenAICompatible({
    name: 'answers',
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
  });
  return {
    async answer(question, passages) {
      const prompt = [...passages.map((p) => `${p.label}: ${p.text}`), '', `Question: ${question}`].join(
        '\n',
      );
      try {
        const result = await generateText({
          model: provider.chatModel(settings.model),
          system: SYSTEM,
          prompt,
          maxRetries: 0,
          temperature: 0,
          abortSignal: AbortSignal.timeout(settings.timeoutMs ?? 8000),
        });
        return parseModelReply(result.text);
      } catch (error) {
        console.error('The answer model failed; the extractive answer stands', error);
        return null;
      }
    },
  };
}
