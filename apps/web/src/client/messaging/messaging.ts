import type * as BrazeSdk from '@braze/web-sdk';
import type { ClientConfig } from '@bof/config/client';
import { messagesAllowedOn } from './messaging-paths';

type Braze = typeof BrazeSdk;

let started: Promise<Braze | null> | null = null;
let currentUser: string | null = null;

/**
 * Starts in-app messaging (spec §7): loads the SDK lazily, initialises it with the API key and the EU
 * base URL, and opens a session. Skipped when no key is configured (spec §8), and never started on a
 * page under /subscriptions or /user. A message that arrives is shown only if the reader is, by then,
 * on a page where messages may show.
 */
export function startMessaging(
  config: Pick<ClientConfig, 'analytics'>,
  pathname: string,
): Promise<Braze | null> {
  const settings = config.analytics.messaging;
  if (!settings || !messagesAllowedOn(pathname)) return Promise.resolve(null);
  started ??= (async () => {
    try {
      const braze = await import('@braze/web-sdk');
      if (!braze.initialize(settings.apiKey, { baseUrl: settings.baseUrl, enableLogging: false }))
        return null;
      braze.subscribeToInAppMessage((message) => {
        if (messagesAllowedOn(window.location.pathname)) braze.showInAppMessage(message);
      });
      if (currentUser) braze.changeUser(currentUser);
      braze.openSession();
      return braze;
    } catch (error) {
      console.error('In-app messaging failed to start', error);
      return null;
    }
  })();
  return started;
}

/** Tells messaging who the reader is: the user id as a string (spec §7). */
export function setMessagingUser(userId: string | null): void {
  currentUser = userId;
  if (!userId || !started) return;
  void started.then((braze) => braze?.changeUser(String(userId)));
}
