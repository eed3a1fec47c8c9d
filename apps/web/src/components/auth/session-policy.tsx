'use client';

import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { loginPolicyFlagged } from '../../client/auth/login-policy';
import { authErrorText } from '../../client/auth/auth-error-text';
import { resolveRedirectTarget } from '../../client/auth/redirect-target';
import { STORAGE_KEYS, safeStorage } from '../../client/auth/storage-keys';
import { useClientConfig } from '../../client/config/client-config';
import { createIdentityClient, type IdentitySessionInfo } from '../../client/identity/identity-client';
import { formatDateTime } from '../../site/dates';

type Load =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; current: IdentitySessionInfo; others: IdentitySessionInfo[] };

const when = (iso: string | undefined) => (iso ? formatDateTime(iso) : 'unknown time');

function describe(session: IdentitySessionInfo): string {
  const device = session.devices?.[0];
  const agent = device?.user_agent ?? 'Unknown browser';
  const browser = /Firefox\//.test(agent)
    ? 'Firefox'
    : /Edg\//.test(agent)
      ? 'Edge'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : agent.slice(0, 40);
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Mac OS X/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return [
    browser,
    system && `on ${system}`,
    device?.location && `· ${device.location}`,
    device?.ip_address && `· ${device.ip_address}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Lists the account's sessions with device and time; revokes others; continues once within the limit. */
export function SessionPolicy() {
  const config = useClientConfig();
  const auth = useAuth();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [stillOver, setStillOver] = useState(false);
  const identity = createIdentityClient({ baseUrl: config.identityBaseUrl });

  const refresh = useCallback(async () => {
    const client = createIdentityClient({ baseUrl: config.identityBaseUrl });
    try {
      const [current, others] = await Promise.all([client.toSession(), client.listOtherSessions()]);
      setLoad({ kind: 'ready', current, others });
    } catch (error) {
      setLoad({ kind: 'error', message: authErrorText(error) });
    }
  }, [config.identityBaseUrl]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch (error) {
      setLoad({ kind: 'error', message: authErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const proceed = async () => {
    setBusy(true);
    setStillOver(false);
    await auth.store.forceRefresh();
    // The server decides (ADR 5): while it still counts too many sessions, the reader stays here.
    if (loginPolicyFlagged(document.cookie)) {
      setBusy(false);
      setStillOver(true);
      return;
    }
    // Back to the page the warning interrupted, else where the sign-in was meant to go; same site only.
    const interrupted = new URLSearchParams(window.location.search).get('return_to');
    const target = resolveRedirectTarget(interrupted ?? safeStorage.get(STORAGE_KEYS.authRedirectTarget), {
      kind: 'login',
      currentUrl: `${window.location.origin}/`,
      siteOrigin: window.location.origin,
    });
    window.location.assign(target);
  };

  if (load.kind === 'loading') return <p role="status">Loading your sessions…</p>;
  if (load.kind === 'error') {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {load.message}
        </p>
        <button type="button" onClick={() => void refresh()} className="rounded border border-ink px-4 py-2">
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ul className="divide-y divide-rule rounded border border-rule" aria-label="Signed-in devices">
        <li className="p-3">
          <p className="font-medium">{describe(load.current)}</p>
          <p className="text-sm text-muted">This device · signed in {when(load.current.authenticated_at)}</p>
        </li>
        {load.others.map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-3 p-3">
            <div>
              <p className="font-medium">{describe(session)}</p>
              <p className="text-sm text-muted">Signed in {when(session.authenticated_at)}</p>
            </div>
            <button
              type="button"
              disabled={busy}
              onClick={() => void act(() => identity.revokeSession(session.id))}
              className="shrink-0 rounded border border-ink px-3 py-1.5 text-sm disabled:opacity-60"
            >
              Sign out
            </button>
          </li>
        ))}
      </ul>
      {stillOver ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          You are still signed in on more devices than your membership allows. Sign out of one you no longer
          use, then continue.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {load.others.length > 0 ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => identity.revokeOtherSessions())}
            className="rounded bg-ink px-4 py-2 text-paper disabled:opacity-60"
          >
            Sign out all other devices
          </button>
        ) : null}
        <button
          type="button"
          disabled={busy}
          onClick={() => void proceed()}
          className="rounded border border-ink px-4 py-2 disabled:opacity-60"
        >
          Continue
        </button>
      </div>
    </div>
  );
}
