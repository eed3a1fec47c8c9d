/** One operation of an RFC 6902 JSON Patch document (Kratos `jsonPatch`). */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; path: string; from: string };

const OPS = new Set(['add', 'replace', 'test', 'remove', 'move', 'copy']);

/**
 * A request body checked as a JSON Patch document (at most 100 operations).
 * @throws JsonPatchError naming the first malformed operation.
 */
export function parseJsonPatch(body: unknown): JsonPatchOperation[] {
  if (!Array.isArray(body)) throw new JsonPatchError('The body must be a JSON Patch array.');
  if (body.length > 100) throw new JsonPatchError('A patch may hold at most 100 operations.');
  return body.map((raw: unknown, i) => {
    const op = raw as Record<string, unknown> | null;
    const bad = () => new JsonPatchError(`Operation ${i} is not a valid JSON Patch operation.`);
    if (!op || typeof op !== 'object' || typeof op.op !== 'string' || !OPS.has(op.op)) throw bad();
    if (typeof op.path !== 'string') throw bad();
    if (op.op === 'move' || op.op === 'copy') {
      if (typeof op.from !== 'string') throw bad();
      return { op: op.op, path: op.path, from: op.from };
    }
    if (op.op === 'remove') return { op: 'remove', path: op.path };
    if (!('value' in op)) throw bad();
    return { op: op.op as 'add' | 'replace' | 'test', path: op.path, value: op.value };
  });
}

export class JsonPatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonPatchError';
  }
}

type Container = Record<string, unknown> | unknown[];

/** RFC 6901 pointer tokens (`~1` is `/`, `~0` is `~`). */
function tokensOf(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPatchError(`"${pointer}" is not a JSON pointer.`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => {
      const token = t.replace(/~1/g, '/').replace(/~0/g, '~');
      if (token === '__proto__' || token === 'constructor' || token === 'prototype')
        throw new JsonPatchError(`"${pointer}" is not allowed.`);
      return token;
    });
}

function parentOf(document: unknown, pointer: string): { parent: Container; key: string } {
  const tokens = tokensOf(pointer);
  const key = tokens.pop();
  if (key === undefined) throw new JsonPatchError('The whole document cannot be patched.');
  let node: unknown = document;
  for (const token of tokens) {
    node = child(node, token);
    if (node === undefined) throw new JsonPatchError(`"${pointer}" does not exist.`);
  }
  if (!node || typeof node !== 'object') throw new JsonPatchError(`"${pointer}" does not exist.`);
  return { parent: node as Container, key };
}

function child(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
  if (node && typeof node === 'object' && Object.hasOwn(node, token))
    return (node as Record<string, unknown>)[token];
  return undefined;
}

function get(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of tokensOf(pointer)) {
    node = child(node, token);
    if (node === undefined) throw new JsonPatchError(`"${pointer}" does not exist.`);
  }
  return node;
}

function arrayIndex(parent: unknown[], key: string, forAdd: boolean): number {
  if (forAdd && key === '-') return parent.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw new JsonPatchError(`"${key}" is not an array index.`);
  const index = Number(key);
  if (index > parent.length || (!forAdd && index === parent.length))
    throw new JsonPatchError(`Index ${index} is out of range.`);
  return index;
}

function add(document: unknown, pointer: string, value: unknown) {
  const { parent, key } = parentOf(document, pointer);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
}

function remove(document: unknown, pointer: string): unknown {
  const { parent, key } = parentOf(document, pointer);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, false), 1)[0];
  if (!Object.hasOwn(parent, key)) throw new JsonPatchError(`"${pointer}" does not exist.`);
  const old = parent[key];
  delete parent[key];
  return old;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * Applies a JSON Patch to a copy of `document` and returns the copy. Paths under `protectedPaths`
 * cannot be touched (Kratos refuses `/id`, `/credentials`, `/state_changed_at`).
 * @throws JsonPatchError when an operation does not apply; the document is then left as it was.
 */
export function applyJsonPatch<T>(
  document: T,
  patch: readonly JsonPatchOperation[],
  protectedPaths: readonly string[] = [],
): T {
  const copy = structuredClone(document) as unknown;
  for (const op of patch) {
    for (const path of [op.path, 'from' in op ? op.from : undefined]) {
      if (path === undefined || op.op === 'test') continue;
      if (protectedPaths.some((p) => path === p || path.startsWith(`${p}/`)))
        throw new JsonPatchError(`${path} cannot be changed.`);
    }
    switch (op.op) {
      case 'add':
        add(copy, op.path, structuredClone(op.value));
        break;
      case 'remove':
        remove(copy, op.path);
        break;
      case 'replace':
        remove(copy, op.path);
        add(copy, op.path, structuredClone(op.value));
        break;
      case 'move':
        add(copy, op.path, remove(copy, op.from));
        break;
      case 'copy':
        add(copy, op.path, structuredClone(get(copy, op.from)));
        break;
      case 'test':
        if (canonical(get(copy, op.path)) !== canonical(op.value))
          throw new JsonPatchError(`The test of ${op.path} failed.`);
        break;
    }
  }
  return copy as T;
}
