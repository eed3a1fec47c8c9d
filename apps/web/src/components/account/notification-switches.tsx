'use client';

import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import {
  PushNotificationsQuery,
  SetNotificationPreferenceMutation,
  SubscribePushMutation,
  UnsubscribePushMutation,
} from '../../client/graphql/notifications.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { formatDateTime } from '../../site/dates';
import { deviceName } from './signed-in-sessions';

type Kind = 'FOLLOWED_TOPICS' | 'BREAKING_NEWS';

const KINDS: { kind: Kind; label: string; hint: string }[] = [
  {
    kind: 'FOLLOWED_TOPICS',
    label: 'New stories in topics you follow',
    hint: 'At most four an hour.',
  },
  { kind: 'BREAKING_NEWS', label: 'Breaking news', hint: 'Only when our editors send it.' },
];

type Load =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | {
      kind: 'ready';
      vapidPublicKey: string | null;
      enabled: Record<Kind, boolean>;
      browsers: { id: string; userAgent: string; createdAt: unknown }[];
    };

/** What stands in the way of push in this browser, in words for the reader; null when nothing does. */
export function pushUnavailableReason(
  browser: { serviceWorker: boolean; pushManager: boolean; notification: boolean },
  vapidPublicKey: string | null,
): string | null {
  if (!vapidPublicKey) return 'Notifications are not available on this site at the moment.';
  if (!browser.serviceWorker || !browser.pushManager || !browser.notification)
    return 'This browser cannot show notifications from websites. Try another browser, or install the app.';
  return null;
}

/** A VAPID key (base64url) as the bytes pushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser at its push service. The browser asks the reader's permission here, and only
 * here: after they turned a switch on, never when the page loads.
 */
async function subscribeThisBrowser(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error(
      'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
    );
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration)
    throw new Error(
      'This browser has not set this site up for notifications yet. Reload the page and try again.',
    );
  const ready = await navigator.serviceWorker.ready;
  try {
    const subscription =
      (await ready.pushManager.getSubscription()) ??
      (await ready.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(vapidPublicKey),
      }));
    return subscription.toJSON();
  } catch {
    throw new Error('This browser could not reach its notification service. Notifications stay off.');
  }
}

/**
 * The account page's notification switches, one per kind. Turning one on asks the browser's permission
 * and subscribes this browser; when it cannot (no service worker or push, permission refused), the
 * switch stays off and says why.
 */
export function NotificationSwitches() {
  const auth = useAuth();
  const client = useGraphQLClient();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState<Kind | null>(null);
  const [notice, setNotice] = useState('');

  const refresh = useCallback(async () => {
    try {
      const result = (await runQuery(client, PushNotificationsQuery, {})).pushNotifications;
      if (result.__typename !== 'PushNotificationsSuccess') return setLoad({ kind: 'failed' });
      const enabled = { FOLLOWED_TOPICS: false, BREAKING_NEWS: false };
      for (const p of result.data.preferences) enabled[p.kind] = p.enabled;
      setLoad({
        kind: 'ready',
        vapidPublicKey: result.data.vapidPublicKey ?? null,
        enabled,
        browsers: result.data.subscriptions,
      });
    } catch {
      setLoad({ kind: 'failed' });
    }
  }, [client]);
  useEffect(() => {
    if (auth.status === 'logged-in') void refresh();
  }, [auth.status, refresh]);

  if (load.kind === 'loading')
    return (
      <p role="status" className="text-muted">
        Loading your notification settings…
      </p>
    );
  if (load.kind === 'failed')
    return (
      <div role="alert" className="rounded border border-accent px-3 py-2 text-accent">
        <p>Your notification settings could not be loaded.</p>
        <button type="button" className="mt-2 underline" onClick={() => void refresh()}>
          Try again
        </button>
      </div>
    );

  const save = async (kind: Kind, enabled: boolean) => {
    const result = (
      await runMutation(client, SetNotificationPreferenceMutation, { input: { kind, enabled } })
    ).setNotificationPreference;
    if (result.__typename !== 'NotificationPreference')
      throw new Error('message' in result ? result.message : 'The setting could not be saved.');
    setLoad((current) =>
      current.kind === 'ready' ? { ...current, enabled: { ...current.enabled, [kind]: enabled } } : current,
    );
  };

  const forget = async (browser: { id: string; userAgent: string }) => {
    setNotice('');
    try {
      const result = (await runMutation(client, UnsubscribePushMutation, { input: { id: browser.id } }))
        .unsubscribePush;
      setNotice(
        result.__typename === 'PushUnsubscribed'
          ? `${browser.userAgent || 'That browser'} gets no more notifications.`
          : 'message' in result
            ? result.message
            : 'That browser could not be removed.',
      );
      await refresh();
    } catch {
      setNotice('That browser could not be removed. Check your connection and try again.');
    }
  };

  const toggle = async (kind: Kind, label: string) => {
    const turningOn = !load.enabled[kind];
    setBusy(kind);
    setNotice('');
    try {
      if (turningOn) {
        const reason = pushUnavailableReason(
          {
            serviceWorker: 'serviceWorker' in navigator,
            pushManager: 'PushManager' in window,
            notification: 'Notification' in window,
          },
          load.vapidPublicKey,
        );
        if (reason) throw new Error(reason);
        const subscription = await subscribeThisBrowser(load.vapidPublicKey!);
        const stored = (
          await runMutation(client, SubscribePushMutation, {
            input: {
              endpoint: subscription.endpoint ?? '',
              p256dh: subscription.keys?.p256dh ?? '',
              auth: subscription.keys?.auth ?? '',
              userAgent: deviceName(navigator.userAgent),
            },
          })
        ).subscribePush;
        if (stored.__typename !== 'PushSubscription')
          throw new Error('message' in stored ? stored.message : 'Notifications could not be turned on.');
      }
      await save(kind, turningOn);
      if (turningOn) await refresh();
      setNotice(`${label}: ${turningOn ? 'on in this browser' : 'off'}.`);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : 'The setting could not be changed.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <ul className="divide-y divide-rule rounded border border-rule">
        {KINDS.map(({ kind, label, hint }) => {
          const on = load.enabled[kind];
          return (
            <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
              <div>
                <p id={`notify-${kind}`} className="font-medium">
                  {label}
                </p>
                <p className="text-sm text-muted">{hint}</p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={`notify-${kind}`}
                disabled={busy !== null}
                onClick={() => void toggle(kind, label)}
                className={`min-h-11 min-w-16 rounded-full border px-3 py-2 text-sm font-medium disabled:opacity-60 ${
                  on ? 'border-ink bg-ink text-paper' : 'border-rule'
                }`}
              >
                {busy === kind ? '…' : on ? 'On' : 'Off'}
              </button>
            </li>
          );
        })}
      </ul>
      {load.browsers.length > 0 ? (
        <>
          <h3 className="mt-6 font-bold">Browsers with notifications on</h3>
          <ul className="mt-2 divide-y divide-rule rounded border border-rule">
            {load.browsers.map((browser) => {
              const name = browser.userAgent || 'A browser';
              const since = formatDateTime(String(browser.createdAt));
              return (
                <li key={browser.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <p>
                    {name} <span className="text-sm text-muted">since {since}</span>
                  </p>
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => void forget(browser)}
                    className="min-h-11 rounded border border-rule px-3 py-1 text-sm disabled:opacity-60"
                    aria-label={`Remove ${name}, on since ${since}`}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <p role="status" aria-live="polite" className="mt-3 text-sm">
        {notice}
      </p>
    </div>
  );
}
