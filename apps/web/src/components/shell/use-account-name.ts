'use client';

import { useEffect, useState } from 'react';
import { PRODUCT_STORAGE_PREFIX } from '../../client/auth/storage-keys';
import type { AuthState, AuthStore } from '../../client/auth/auth-state';
import { readSessionCookies } from '../../client/auth/session-cookies';
import type { ClientConfig } from '@bof/config/client';
import type { AccountName } from './account-name';

const CACHE_KEY = `${PRODUCT_STORAGE_PREFIX}account_name`;

interface Cached extends AccountName {
  /** The session token the name was read under: a new token (at most every few minutes) reads it again. */
  token: string;
}

function readCache(token: string): AccountName | null {
  try {
    const cached = JSON.parse(window.sessionStorage.getItem(CACHE_KEY) ?? 'null') as Cached | null;
    return cached?.token === token ? { firstName: cached.firstName, lastName: cached.lastName } : null;
  } catch {
    return null;
  }
}

function writeCache(token: string, name: AccountName) {
  try {
    window.sessionStorage.setItem(CACHE_KEY, JSON.stringify({ token, ...name } satisfies Cached));
  } catch {
    // Without storage the name is read again on the next page: fine.
  }
}

/**
 * The signed-in reader's name from their personal details, read once per session token and tab. Null
 * until known, or when it cannot be read (the header then shows the e-mail address).
 */
export function useAccountName(options: {
  /** The auth state: each new one (a new token, a forced refresh) is looked at. */
  state: AuthState;
  config: Pick<ClientConfig, 'appVersion' | 'appName'>;
  store: Pick<AuthStore, 'forceRefresh'>;
}): AccountName | null {
  const { state, config, store } = options;
  const [name, setName] = useState<AccountName | null>(null);
  useEffect(() => {
    const token = state.status === 'logged-in' ? readSessionCookies(document.cookie).sessionToken : undefined;
    if (!token) {
      setName(null);
      return;
    }
    const cached = readCache(token);
    if (cached) {
      setName(cached);
      return;
    }
    let current = true;
    void import('./account-name')
      .then(({ loadAccountName }) => loadAccountName({ config, onAuthError: () => store.forceRefresh() }))
      .then((loaded) => {
        if (!loaded || !current) return;
        writeCache(token, loaded);
        setName(loaded);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [state, config, store]);
  return name;
}
