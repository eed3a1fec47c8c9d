import type { BodyBlock } from './content.inputs';

/** Words a minute an adult reads on screen; the reading time rounds up from it. */
export const WORDS_PER_MINUTE = 230;

/** The words of one body block that a reader reads in the flow of the text (captions and cards are not). */
export function blockText(block: BodyBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return block.text;
    case 'pullQuote':
      return block.text;
    case 'list':
      return block.items.join('\n');
    case 'image':
    case 'youtube':
    case 'related':
      return '';
  }
}

/** The body as plain text, one block a line: what the search index and the PDF read. */
export function bodyPlainText(body: readonly BodyBlock[]): string {
  return body
    .map(blockText)
    .filter((line) => line.length > 0)
    .join('\n');
}

/**
 * Counts words as runs of letters or digits, with inner apostrophes and hyphens kept in the word
 * ("brand's", "direct-to-consumer" are one word each). Punctuation and dashes alone are not words.
 */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes to read `words`, rounded up, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
