import type { SchemaProblem } from './validate-event';

// U+0000 has no place in PostgreSQL text or jsonb, and a lone surrogate cannot be encoded as UTF-8:
// a value holding either cannot be stored as it was sent.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** At most this many places are named; one is enough to refuse the event. */
const MAX_PROBLEMS = 10;

const describe = (text: string) =>
  text.includes('\u0000')
    ? 'contains U+0000 (NUL), which cannot be stored'
    : 'contains an unpaired UTF-16 surrogate, which cannot be stored';

const pointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every place in a JSON value whose text (a string or an object key) cannot be stored: U+0000 or an
 * unpaired surrogate. Paths are JSON pointers under `path`; an empty list means the value is storable.
 */
export function findUnstorableText(value: unknown, path = ''): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const visit = (node: unknown, at: string): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) problems.push({ path: at || '/', message: describe(node) });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${at}/${index}`));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (UNSTORABLE.test(key)) {
          problems.push({ path: at || '/', message: `has a field name that ${describe(key)}` });
          continue;
        }
        visit(item, `${at}/${pointer(key)}`);
      }
    }
  };
  visit(value, path);
  return problems.slice(0, MAX_PROBLEMS);
}
