import type * as BrazeSdk from '@braze/web-sdk';
import type { ClientConfig } from '@bof/config/client';
import { messagesAllowedOn } from './messaging-paths';

type Braze = typeof BrazeSdk;
type Message = BrazeSdk.InAppMessage | BrazeSdk.ControlMessage;

let started: Promise<Braze | null> | null = null;
let currentUser: string | null = null;
let currentPath: string | null = null;
/** A message that arrived while the reader was on a page where messages may not show. */
let held: Message | null = null;
/** The message on screen, closed when the reader moves to a page where messages may not show. */
let onScreen: BrazeSdk.InAppMessage | null = null;

const isInAppMessage = (message: Message): message is BrazeSdk.InAppMessage => !message.isControl;
const pathNow = () => currentPath ?? window.location.pathname;

/** Shows a message where messages may show; elsewhere keeps it for the next page where they may. */
function deliver(braze: Braze, message: Message): void {
  if (!messagesAllowedOn(pathNow())) {
    held = message;
    // Kept by the SDK too, so a full page load into an allowed page still shows it.
    if (isInAppMessage(message)) braze.deferInAppMessage(message);
    return;
  }
  if (isInAppMessage(message)) {
    onScreen = message;
    message.subscribeToDismissedEvent(() => {
      if (onScreen === message) onScreen = null;
    });
  }
  braze.showInAppMessage(message);
}

/**
 * Starts in-app messaging (spec §7): loads the SDK lazily, initialises it with the API key and the EU
 * base URL, and opens a session. Skipped when no key is configured (spec §8), and never started on a
 * page under /subscriptions or /user. Once started, messages show only where they may (spec §1, §6):
 * one that arrives under /subscriptions or /user waits for the reader's next page elsewhere.
 */
export function startMessaging(
  config: Pick<ClientConfig, 'analytics'>,
  pathname: string,
): Promise<Braze | null> {
  const settings = config.analytics.messaging;
  if (!settings) return Promise.resolve(null);
  if (!started && !messagesAllowedOn(pathname)) return Promise.resolve(null);
  currentPath ??= pathname;
  started ??= (async () => {
    try {
      const braze = await import('@braze/web-sdk');
      if (!braze.initialize(settings.apiKey, { baseUrl: settings.baseUrl, enableLogging: false }))
        return null;
      braze.subscribeToInAppMessage((message) => deliver(braze, message));
      const deferred = braze.getDeferredInAppMessage();
      if (deferred) deliver(braze, deferred);
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

/**
 * Tells messaging the reader has moved to `pathname` (a client-side route change). Onto a page under
 * /subscriptions or /user, a message on screen is closed; back where messages may show, one that was
 * held is shown.
 */
export function setMessagingPath(pathname: string): void {
  currentPath = pathname;
  if (!started) return;
  void started.then((braze) => {
    if (!braze || currentPath !== pathname) return;
    if (!messagesAllowedOn(pathname)) {
      onScreen?.closeMessage();
      onScreen = null;
      return;
    }
    if (held) {
      const message = held;
      held = null;
      braze.getDeferredInAppMessage(); // taken: clear the SDK's copy so it does not show twice
      deliver(braze, message);
    }
  });
}

/** Tells messaging who the reader is: the user id as a string (spec §7). */
export function setMessagingUser(userId: string | null): void {
  currentUser = userId === null ? null : String(userId);
  if (!currentUser || !started) return;
  const user = currentUser;
  void started.then((braze) => braze?.changeUser(user));
}
