import { describe, expect, it } from 'vitest';
import { applyJsonPatch, JsonPatchError, parseJsonPatch } from './json-patch';

const doc = () => ({ id: 'i1', traits: { email: 'a@example.com' }, list: [1, 2, 3] });

describe('applyJsonPatch (RFC 6902)', () => {
  it('adds, removes, replaces, moves, copies and tests, leaving the input untouched', () => {
    const input = doc();
    const out = applyJsonPatch(input, [
      { op: 'test', path: '/traits/email', value: 'a@example.com' },
      { op: 'replace', path: '/traits/email', value: 'b@example.com' },
      { op: 'add', path: '/list/-', value: 4 },
      { op: 'add', path: '/list/0', value: 0 },
      { op: 'remove', path: '/list/1' },
      { op: 'copy', from: '/traits/email', path: '/traits/backup' },
      { op: 'move', from: '/traits/backup', path: '/moved' },
    ]);
    expect(out).toEqual({
      id: 'i1',
      traits: { email: 'b@example.com' },
      list: [0, 2, 3, 4],
      moved: 'b@example.com',
    });
    expect(input).toEqual(doc());
  });

  it('refuses a failed test, missing paths, bad indexes, protected paths and prototype keys', () => {
    const fails = (ops: Parameters<typeof applyJsonPatch>[1], protectedPaths: string[] = []) =>
      expect(() => applyJsonPatch(doc(), ops, protectedPaths)).toThrow(JsonPatchError);
    fails([{ op: 'test', path: '/traits/email', value: 'x' }]);
    fails([{ op: 'remove', path: '/nothing' }]);
    fails([{ op: 'replace', path: '/list/9', value: 1 }]);
    fails([{ op: 'add', path: '/a/b', value: 1 }]);
    fails([{ op: 'replace', path: '/id', value: 'i2' }], ['/id']);
    fails([{ op: 'add', path: '/credentials/password', value: {} }], ['/credentials']);
    fails([{ op: 'add', path: '/__proto__/polluted', value: true }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('compares test values structurally, whatever the key order', () => {
    expect(() =>
      applyJsonPatch({ a: { x: 1, y: 2 } }, [{ op: 'test', path: '/a', value: { y: 2, x: 1 } }]),
    ).not.toThrow();
  });
});

describe('parseJsonPatch', () => {
  it('takes an array of well-formed operations and refuses anything else', () => {
    expect(parseJsonPatch([{ op: 'remove', path: '/a' }])).toEqual([{ op: 'remove', path: '/a' }]);
    for (const bad of [
      {},
      [{ op: 'jump', path: '/a' }],
      [{ op: 'add', path: '/a' }],
      [{ op: 'move', path: '/a' }],
    ])
      expect(() => parseJsonPatch(bad)).toThrow(JsonPatchError);
    expect(() => parseJsonPatch(Array.from({ length: 101 }, () => ({ op: 'remove', path: '/a' })))).toThrow(
      JsonPatchError,
    );
  });
});
