import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import { findUnstorableText } from './storable-text';
import { classifyPostBody, classifyQuery } from './tracker-protocol';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

describe('deeply nested tracker JSON', () => {
  it('measures depth without recursion, even 100,000 levels deep', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(nested(100_000))).toBe(true);
    expect(jsonDepthExceeds({ a: { b: 'x' } }, 2)).toBe(false);
    expect(jsonDepthExceeds({ a: { b: {} } }, 2)).toBe(true);
  });

  it('refuses a deep POST body as invalid_payload and keeps nothing of it', () => {
    const batch = classifyPostBody(nested(100_000));
    expect(batch).toMatchObject({ ok: false, code: 'invalid_payload', bad: [] });
  });

  it('rejects a pixel event whose JSON field nests too deep, without throwing', () => {
    const deep = `{"schema":"iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0","data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const batch = classifyQuery(
      new URLSearchParams({
        e: 'ue',
        p: 'web',
        tv: 'js-4',
        eid: '1c5b0e8e-7a4e-4c7e-9a51-3c1c2a4b5d6e',
        ue_pr: deep,
      }),
    );
    const bad = batch.bad[0];
    expect(bad?.problems).toContainEqual({
      path: '/ue_pr',
      message: `nests deeper than ${MAX_JSON_DEPTH} levels`,
    });
  });

  it('finds unstorable text in a value nested 100,000 levels deep (no stack overflow)', () => {
    const value = nested(100_000) as unknown[];
    let innermost = value;
    while (Array.isArray(innermost[0])) innermost = innermost[0] as unknown[];
    innermost.push('a\u0000b');
    expect(findUnstorableText(value)).toHaveLength(1);
  });
});
