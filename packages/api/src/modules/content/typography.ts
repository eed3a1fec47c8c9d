import type { BodyBlock, GlossaryEntry, Hero } from './content.inputs';

const WORD = /[\p{L}\p{N}]/u;
/** What may come just before an opening quote: the start, a space, an opening bracket, a dash or a quote. */
const OPENS_AFTER = /[\s([{\u2014\u2013\-/\u201C\u2018]/u;

/**
 * Straight quotes as typographic ones: apostrophes (brand’s, ’90s, brands’) and single and double
 * quotation marks, opening after a space, a bracket or a dash and closing elsewhere. Text that already
 * has curly quotes keeps them. Stories are stored as their editors wrote them; readers are shown this.
 */
export function smartQuotes(text: string): string {
  if (!text.includes("'") && !text.includes('"')) return text;
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    const before = i === 0 ? '' : text[i - 1]!;
    const after = text[i + 1] ?? '';
    const opens = before === '' || OPENS_AFTER.test(before);
    if (char === '"') {
      out += opens ? '\u201C' : '\u201D';
    } else if (char === "'") {
      if (WORD.test(before) && WORD.test(after))
        out += '\u2019'; // brand’s, don’t
      else if (opens && /\d/.test(after) && /^\d\d(?:s|\b)/.test(text.slice(i + 1)))
        out += '\u2019'; // ’90s
      else out += opens ? '\u2018' : '\u2019';
    } else {
      out += char;
    }
  }
  return out;
}

/** A body block with typographic quotes in the text a reader reads. */
export function typographicBlock(block: BodyBlock): BodyBlock {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return { ...block, text: smartQuotes(block.text) };
    case 'pullQuote':
      return { ...block, text: smartQuotes(block.text), attribution: smartQuotes(block.attribution) };
    case 'list':
      return { ...block, items: block.items.map(smartQuotes) };
    case 'image':
      return { ...block, alt: smartQuotes(block.alt), caption: smartQuotes(block.caption) };
    case 'youtube':
      return { ...block, title: smartQuotes(block.title) };
    case 'related':
      return block;
  }
}

/** A hero with typographic quotes in its alt text and caption. */
export function typographicHero(hero: Hero): Hero {
  return { ...hero, alt: smartQuotes(hero.alt), caption: smartQuotes(hero.caption) };
}

/** A glossary with typographic quotes. */
export function typographicGlossary(glossary: GlossaryEntry[] | null): GlossaryEntry[] | null {
  return glossary?.map((e) => ({ term: smartQuotes(e.term), definition: smartQuotes(e.definition) })) ?? null;
}
