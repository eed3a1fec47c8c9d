'use client';

import { useEffect, useState } from 'react';
import { PRODUCT_STORAGE_PREFIX } from '../../client/auth/storage-keys';
import type { AuthState, AuthStore } from '../../client/auth/auth-state';
import { readSessionCookies } from '../../client/auth/session-cookies';
import type { ClientConfig } from '@bof/config/client';
import type { AccountName } from './account-name';

const CACHE_KEY = `${PRODUCT_STORAGE_PREFIX}account_name`;

interface Cached extends AccountName {
  /** The reader the name is theirs: shown at once on every page of the tab. */
  userId: string;
  /** The session token the name was read under: a new token (at most every few minutes) reads it again. */
  token: string;
}

function readCache(userId: string): Cached | null {
  try {
    const cached = JSON.parse(window.sessionStorage.getItem(CACHE_KEY) ?? 'null') as Cached | null;
    return cached?.userId === userId ? cached : null;
  } catch {
    return null;
  }
}

function writeCache(entry: Cached) {
  try {
    window.sessionStorage.setItem(CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Without storage the name is read again on the next page: fine.
  }
}

/** The header's view of the reader's name: `settled` once it is known, or known not to be readable. */
export interface AccountNameState {
  name: AccountName | null;
  settled: boolean;
}

/**
 * The signed-in reader's name from their personal details. A name read before in this tab is shown at
 * once (kept per reader, so a renewed token does not blank it) and read again under each new token, as a
 * saved change forces one. Until the first read ends, `settled` is false: the header shows a placeholder
 * rather than initials it would replace a moment later.
 */
export function useAccountName(options: {
  /** The auth state: each new one (a new token, a forced refresh) is looked at. */
  state: AuthState;
  config: Pick<ClientConfig, 'appVersion' | 'appName'>;
  store: Pick<AuthStore, 'forceRefresh'>;
}): AccountNameState {
  const { state, config, store } = options;
  const [value, setValue] = useState<AccountNameState>({ name: null, settled: false });
  useEffect(() => {
    const userId = state.status === 'logged-in' ? state.user.id : null;
    const token = userId ? readSessionCookies(document.cookie).sessionToken : undefined;
    if (!userId || !token) {
      setValue({ name: null, settled: state.status !== 'unknown' });
      return;
    }
    const cached = readCache(userId);
    setValue(
      cached
        ? { name: { firstName: cached.firstName, lastName: cached.lastName }, settled: true }
        : { name: null, settled: false },
    );
    if (cached?.token === token) return;
    let current = true;
    void import('./account-name')
      .then(({ loadAccountName }) => loadAccountName({ config, onAuthError: () => store.forceRefresh() }))
      .then((loaded) => {
        if (!current) return;
        if (loaded) writeCache({ userId, token, ...loaded });
        setValue({ name: loaded, settled: true });
      })
      // Unreadable now: the e-mail address stands in.
      .catch(() => current && setValue((prev) => ({ ...prev, settled: true })));
    return () => {
      current = false;
    };
  }, [state, config, store]);
  return value;
}
