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
  // Walked with a stack of its own, in document order: a deeply nested value cannot overflow the call stack.
  type Pending = { node: unknown; at: string; badKey?: string };
  const pending: Pending[] = [{ node: value, at: path }];
  while (pending.length > 0 && problems.length < MAX_PROBLEMS) {
    const { node, at, badKey } = pending.pop()!;
    if (badKey !== undefined) {
      problems.push({ path: at || '/', message: `has a field name that ${describe(badKey)}` });
    } else if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) problems.push({ path: at || '/', message: describe(node) });
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1)
        pending.push({ node: node[index] as unknown, at: `${at}/${index}` });
    } else if (typeof node === 'object' && node !== null) {
      const children: Pending[] = Object.entries(node).map(([key, item]) =>
        UNSTORABLE.test(key)
          ? { node: undefined, at, badKey: key }
          : { node: item, at: `${at}/${pointer(key)}` },
      );
      for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
    }
  }
  return problems.slice(0, MAX_PROBLEMS);
}
