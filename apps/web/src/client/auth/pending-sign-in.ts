import { PRODUCT_STORAGE_PREFIX } from './storage-keys';

/**
 * A sign-in this browser started: remembered before the reader leaves for the identity provider, so that
 * the page the provider returns to asks for the product token at once (neither session cookie exists yet,
 * so the usual check would not) and can report how the reader signed in.
 */
export const PENDING_SIGN_IN_KEY = `${PRODUCT_STORAGE_PREFIX}pending_sign_in`;

/** As long as a provider flow lives: an older marker is from a sign-in that was abandoned. */
export const PENDING_SIGN_IN_MAX_AGE_MS = 60 * 60 * 1000;

export type SocialProvider = 'google' | 'apple';

export interface PendingSignIn {
  kind: 'login' | 'register';
  connection: 'email' | SocialProvider;
}

interface Storage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function recordPendingSignIn(storage: Pick<Storage, 'set'>, pending: PendingSignIn, now: Date): void {
  storage.set(PENDING_SIGN_IN_KEY, JSON.stringify({ ...pending, startedAt: now.getTime() }));
}

/** The sign-in in progress, if a recent well-formed one is remembered; anything else is dropped. */
export function readPendingSignIn(storage: Storage, now: Date): PendingSignIn | undefined {
  const raw = storage.get(PENDING_SIGN_IN_KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PendingSignIn> & { startedAt?: unknown };
    const age = typeof value.startedAt === 'number' ? now.getTime() - value.startedAt : Infinity;
    const kind = value.kind === 'login' || value.kind === 'register' ? value.kind : undefined;
    const connection =
      value.connection === 'email' || value.connection === 'google' || value.connection === 'apple'
        ? value.connection
        : undefined;
    if (kind && connection && age >= 0 && age <= PENDING_SIGN_IN_MAX_AGE_MS) return { kind, connection };
  } catch {
    // Malformed: dropped below.
  }
  storage.remove(PENDING_SIGN_IN_KEY);
  return undefined;
}

export function clearPendingSignIn(storage: Pick<Storage, 'remove'>): void {
  storage.remove(PENDING_SIGN_IN_KEY);
}
