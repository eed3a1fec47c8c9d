/**
 * A reader's query as the index sees it: cleaned, cut to what is searched, and split into the
 * `websearch_to_tsquery` text (quotes, `-`, `or`) and the last word still being typed (matched as a
 * prefix). Pure; nothing here builds SQL: the texts are passed to PostgreSQL as parameters.
 */

/** The longest query text searched; longer input is cut at a word boundary. */
export const SEARCH_QUERY_MAX_CHARS = 256;
/** A last word shorter than this is not matched as a prefix (a one- or two-letter prefix matches too much). */
const PREFIX_MIN_CHARS = 3;

export interface SearchQuery {
  /** The cleaned query, as shown back to the reader. */
  text: string;
  /** The text without the last word, when that word is matched as a prefix. */
  rest: string;
  /** The last word, letters and digits only, matched as a prefix; null when it is complete or quoted. */
  prefix: string | null;
  /** The plain words (letters and digits), for misspelling matches. */
  words: string[];
  /** Reads like a question: an answer is composed for it. */
  question: boolean;
}

const QUESTION_START =
  /^(who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|can|could|should|will|has|have)\b/i;

/** Cleans `raw`; null when nothing searchable is left (empty, emoji or punctuation only). */
export function parseSearchQuery(raw: string): SearchQuery | null {
  let text = raw
    .normalize('NFC')
    // Control characters, including NUL, which PostgreSQL refuses in text.
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trimStart();
  if (text.length > SEARCH_QUERY_MAX_CHARS) {
    const cut = text.slice(0, SEARCH_QUERY_MAX_CHARS);
    const space = cut.lastIndexOf(' ');
    text = space > SEARCH_QUERY_MAX_CHARS / 2 ? cut.slice(0, space) : cut;
  }
  const typingLastWord = !/[\s"]$/.test(text);
  text = text.trim();
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  let prefix: string | null = null;
  let rest = text;
  const last = /(^|\s)([\p{L}\p{N}]+)$/u.exec(text);
  const quotes = (text.match(/"/g) ?? []).length;
  if (typingLastWord && last && quotes % 2 === 0 && last[2]!.length >= PREFIX_MIN_CHARS) {
    prefix = last[2]!.toLowerCase();
    rest = text.slice(0, text.length - last[2]!.length).trim();
  }
  const question =
    text.endsWith('?') || (words.length >= 3 && QUESTION_START.test(text)) || words.length >= 6;
  return { text, rest, prefix, words: words.map((w) => w.toLowerCase()), question };
}

/** The query text cut to an analytics limit (spec §5: 1,024 or 255 characters, by event). */
export function analyticsTerm(text: string, limit: 1024 | 255): string {
  return [...text].slice(0, limit).join('');
}
