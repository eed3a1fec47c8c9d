'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { authErrorText } from '../../client/auth/auth-error-text';
import { useClientConfig } from '../../client/config/client-config';
import { createIdentityClient, type IdentitySessionInfo } from '../../client/identity/identity-client';
import { formatDateTime } from '../../site/dates';

type Load =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; current: IdentitySessionInfo | null; others: IdentitySessionInfo[] };

/**
 * Where the reader is signed in (the identity provider's sessions, spec §7): this device and every
 * other, each with its device, address and sign-in time, and a way to sign out any other one or all.
 */
export function SignedInSessions() {
  const config = useClientConfig();
  const identity = useMemo(() => createIdentityClient({ baseUrl: config.identityBaseUrl }), [config]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const refresh = useCallback(async () => {
    try {
      const [current, others] = await Promise.all([
        identity.toSession().catch(() => null),
        identity.listOtherSessions(),
      ]);
      setLoad({ kind: 'ready', current, others });
    } catch (error) {
      setLoad({ kind: 'failed', message: authErrorText(error) });
    }
  }, [identity]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const revoke = async (id: string | 'all') => {
    setBusy(id);
    setNotice('');
    try {
      if (id === 'all') await identity.revokeOtherSessions();
      else await identity.revokeSession(id);
      setNotice(id === 'all' ? 'You are signed out everywhere else.' : 'That session is signed out.');
      await refresh();
    } catch (error) {
      setNotice(authErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  if (load.kind === 'loading')
    return (
      <p role="status" className="text-muted">
        Loading your sessions…
      </p>
    );
  if (load.kind === 'failed')
    return (
      <div role="alert" className="rounded border border-accent px-3 py-2 text-accent">
        <p>{load.message}</p>
        <button type="button" className="mt-2 underline" onClick={() => void refresh()}>
          Try again
        </button>
      </div>
    );

  const when = (value: string | undefined) => (value ? formatDateTime(value) : '');
  const describe = (session: IdentitySessionInfo) => {
    const device = session.devices?.[0];
    return {
      device: device?.user_agent ? deviceName(device.user_agent) : 'Unknown device',
      where: [device?.location, device?.ip_address].filter(Boolean).join(' · '),
      since: when(session.authenticated_at),
    };
  };

  return (
    <div>
      <ul className="divide-y divide-rule rounded border border-rule">
        {load.current ? (
          <li className="px-4 py-3">
            <p className="font-medium">
              {describe(load.current).device}{' '}
              <span className="text-sm font-normal text-muted">(this device)</span>
            </p>
            <p className="text-sm text-muted">
              {[
                describe(load.current).where,
                describe(load.current).since && `signed in ${describe(load.current).since}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ) : null}
        {load.others.map((session) => {
          const about = describe(session);
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div>
                <p className="font-medium">{about.device}</p>
                <p className="text-sm text-muted">
                  {[about.where, about.since && `signed in ${about.since}`].filter(Boolean).join(' · ')}
                </p>
              </div>
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void revoke(session.id)}
                className="rounded border border-rule px-3 py-1 text-sm disabled:opacity-60"
                aria-label={`Sign out ${about.device}${about.since ? `, signed in ${about.since}` : ''}`}
              >
                {busy === session.id ? 'Signing out…' : 'Sign out'}
              </button>
            </li>
          );
        })}
      </ul>
      {load.others.length === 0 ? (
        <p className="mt-3 text-sm text-muted">You are not signed in anywhere else.</p>
      ) : (
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void revoke('all')}
          className="mt-4 rounded border border-accent px-4 py-2 text-accent disabled:opacity-60"
        >
          {busy === 'all' ? 'Signing out…' : 'Sign out of every other session'}
        </button>
      )}
      <p role="status" className="mt-3 text-sm">
        {notice}
      </p>
    </div>
  );
}

/** A readable name for a browser's user agent: enough to recognise a device, nothing more. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}
