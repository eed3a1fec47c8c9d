import { describe, expect, it } from 'vitest';
import {
  PENDING_SIGN_IN_KEY,
  PENDING_SIGN_IN_MAX_AGE_MS,
  readPendingSignIn,
  recordPendingSignIn,
} from './pending-sign-in';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    get: (key: string) => map.get(key) ?? null,
    set: (key: string, value: string) => void map.set(key, value),
    remove: (key: string) => void map.delete(key),
  };
}

const start = new Date('2026-11-23T10:00:00Z');

describe('pending sign-in', () => {
  it('is read back while the sign-in can still complete', () => {
    const storage = memoryStorage();
    recordPendingSignIn(storage, { kind: 'register', connection: 'email' }, start);
    const later = new Date(start.getTime() + PENDING_SIGN_IN_MAX_AGE_MS);
    expect(readPendingSignIn(storage, later)).toEqual({ kind: 'register', connection: 'email' });
  });

  it('is dropped once it is older than a provider flow', () => {
    const storage = memoryStorage();
    recordPendingSignIn(storage, { kind: 'login', connection: 'google' }, start);
    const tooLate = new Date(start.getTime() + PENDING_SIGN_IN_MAX_AGE_MS + 1);
    expect(readPendingSignIn(storage, tooLate)).toBeUndefined();
    expect(storage.map.has(PENDING_SIGN_IN_KEY)).toBe(false);
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown kind', JSON.stringify({ kind: 'admin', connection: 'email', startedAt: start.getTime() })],
    ['an unknown connection', JSON.stringify({ kind: 'login', connection: 'x', startedAt: start.getTime() })],
    ['no start time', JSON.stringify({ kind: 'login', connection: 'email' })],
    [
      'a start in the future',
      JSON.stringify({ kind: 'login', connection: 'email', startedAt: start.getTime() + 5 }),
    ],
  ])('drops a marker with %s', (_, raw) => {
    const storage = memoryStorage();
    storage.set(PENDING_SIGN_IN_KEY, raw);
    expect(readPendingSignIn(storage, start)).toBeUndefined();
    expect(storage.map.has(PENDING_SIGN_IN_KEY)).toBe(false);
  });
});
