/**
 * How deep tracker JSON may nest. Snowplow's own payloads nest a handful of levels; anything deeper is
 * refused (400, nothing stored) before a recursive walk, a schema check or PostgreSQL's jsonb parser
 * could overflow a stack on it.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests arrays and objects more than `max` levels deep (walked without recursion). */
export function jsonDepthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}
