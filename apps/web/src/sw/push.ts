/**
 * The service worker's Web Push handlers: a `push` shows the notification the server sent (JSON
 * `{title, body, url, tag}`), and clicking it focuses a window already showing that page or opens one.
 * Only paths of this site are ever opened, whatever the payload says.
 *
 * The worker (sw.ts) calls `registerPushHandlers(self)`. The scope is typed by the few members used, so
 * the web app keeps the DOM library (ServiceWorkerGlobalScope satisfies it) and tests pass plain fakes.
 */

/** What the server puts in a push message (packages/api notifications). */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site, e.g. `/articles/retail/a-story/`. */
  url: string;
  /** Notifications with the same tag replace each other (one per story). */
  tag: string;
}

interface WaitUntilEvent {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends WaitUntilEvent {
  data: { json(): unknown; text(): string } | null;
}

export interface NotificationClickEventLike extends WaitUntilEvent {
  notification: { data: unknown; close(): void };
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** The members of ServiceWorkerGlobalScope the handlers use. */
export interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

const TITLE_MAX = 200;
const BODY_MAX = 500;

/** The payload read defensively: a message that is not ours still shows something sensible. */
export function readPayload(data: PushEventLike['data']): PushPayload {
  let value: unknown = null;
  try {
    value = data ? data.json() : null;
  } catch {
    value = null;
  }
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: text(record.title).slice(0, TITLE_MAX) || 'The Business of Fashion',
    body: text(record.body).slice(0, BODY_MAX),
    url: text(record.url) || '/',
    tag: text(record.tag),
  };
}

/**
 * The address to open for a notification's url: same-origin paths only. Absolute URLs, protocol-relative
 * `//host` and anything resolving to another origin fall back to the front page.
 */
export function sameOriginUrl(url: unknown, origin: string): string {
  const home = `${origin}/`;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\'))
    return home;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : home;
  } catch {
    return home;
  }
}

/** Registers the `push` and `notificationclick` handlers on the service worker's scope. */
export function registerPushHandlers(self: PushWorkerScope): void {
  self.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        ...(payload.tag ? { tag: payload.tag } : {}),
        icon: '/app-icons/icon-192.png',
        data: { url: payload.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = sameOriginUrl(data?.url, self.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const showing = windows.find((client) => client.url === target);
        if (showing) return showing.focus();
        const open = windows[0];
        if (open?.navigate) {
          await open.navigate(target);
          return open.focus();
        }
        return self.clients.openWindow(target);
      })(),
    );
  });
}
