import type { Database } from '@bof/db/client';

/** A write that changes what whoami answers: a session, or an identity (traits, state, credentials, addresses). */
export type IdentityChange = { kind: 'session'; id: string } | { kind: 'identity'; id: string };

type Listener = (change: IdentityChange) => void;

// Per database object, so every store over the same database in this process (the public server's, the
// admin API's) tells every cache over it, synchronously, before the write's caller answers.
const listeners = new WeakMap<Database, Set<Listener>>();

/** Tells this process's listeners on `db` that a write changed a session or an identity. */
export function announceChange(db: Database, change: IdentityChange): void {
  for (const listener of listeners.get(db) ?? []) listener(change);
}

/** Listens to the writes of this process on `db`; returns the function that stops listening. */
export function onChange(db: Database, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Parses a payload of the database's `identity_changes` channel (`s:<uuid>` or `i:<uuid>`). */
export function parseChangePayload(payload: string | undefined): IdentityChange | undefined {
  const match = /^([si]):([0-9a-f-]{36})$/i.exec(payload ?? '');
  if (!match) return undefined;
  return { kind: match[1] === 's' ? 'session' : 'identity', id: match[2]!.toLowerCase() };
}
