/**
 * Text made safe for a bad row's descriptive columns (its schema and its problems' paths and messages):
 * U+0000 is written as the six characters `\u0000` and an unpaired surrogate as U+FFFD, which
 * PostgreSQL text and jsonb would refuse. The payload itself is stored as JSON text, which needs neither.
 */
export function storableText(text: string): string {
  return text
    .replace(/\u0000/g, '\\u0000')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * The JSON text of a refused value, exactly as it arrived. `JSON.stringify` writes U+0000 and unpaired
 * surrogates as `\u` escapes, so the text is always storable; `undefined` (nothing arrived) is `null`.
 */
export function rawJsonText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}
