import { describe, expect, it, vi } from 'vitest';
import {
  registerPushHandlers,
  sameOriginUrl,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushWorkerScope,
} from './push';

const ORIGIN = 'https://www.example.org';

/** A service worker scope of fakes, recording what the handlers do. */
function fakeScope(windows: { url: string; navigable?: boolean }[] = []) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const opened: string[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async () => void focused.push(w.url)),
    ...(w.navigable ? { navigate: vi.fn(async (url: string) => void navigated.push(url)) } : {}),
  }));
  const scope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: vi.fn(async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async (url: string) => void opened.push(url)),
    },
    addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, listener),
  } as unknown as PushWorkerScope;
  registerPushHandlers(scope);
  const waited: Promise<unknown>[] = [];
  return {
    shown,
    focused,
    navigated,
    opened,
    async push(data: PushEventLike['data']) {
      const event: PushEventLike = { data, waitUntil: (p) => void waited.push(p) };
      (listeners.get('push') as (event: PushEventLike) => void)(event);
      await Promise.all(waited);
    },
    async click(data: unknown) {
      const close = vi.fn();
      const event: NotificationClickEventLike = {
        notification: { data, close },
        waitUntil: (p) => void waited.push(p),
      };
      (listeners.get('notificationclick') as (event: NotificationClickEventLike) => void)(event);
      await Promise.all(waited);
      return close;
    },
  };
}

const json = (value: unknown) => ({ json: () => value, text: () => JSON.stringify(value) });

describe('registerPushHandlers', () => {
  it('shows the notification the payload describes, keeping the story path for the click', async () => {
    const scope = fakeScope();
    await scope.push(
      json({
        title: 'Kering names a new chief',
        body: 'The standfirst.',
        url: '/articles/luxury/k/',
        tag: 's1',
      }),
    );
    expect(scope.shown).toEqual([
      {
        title: 'Kering names a new chief',
        options: expect.objectContaining({
          body: 'The standfirst.',
          tag: 's1',
          data: { url: '/articles/luxury/k/' },
        }),
      },
    ]);
  });

  it('still shows a notification for an empty or unreadable message', async () => {
    const scope = fakeScope();
    await scope.push(null);
    await scope.push({
      json: () => {
        throw new SyntaxError('not JSON');
      },
      text: () => 'hello',
    });
    expect(scope.shown.map((s) => s.title)).toEqual(['The Business of Fashion', 'The Business of Fashion']);
    expect(scope.shown[0]?.options?.data).toEqual({ url: '/' });
  });

  it('focuses a window already showing the story', async () => {
    const scope = fakeScope([{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/articles/luxury/k/` }]);
    const close = await scope.click({ url: '/articles/luxury/k/' });
    expect(close).toHaveBeenCalled();
    expect(scope.focused).toEqual([`${ORIGIN}/articles/luxury/k/`]);
    expect(scope.opened).toEqual([]);
  });

  it('takes an open window of the site to the story, or opens one', async () => {
    const navigating = fakeScope([{ url: `${ORIGIN}/`, navigable: true }]);
    await navigating.click({ url: '/articles/luxury/k/' });
    expect(navigating.navigated).toEqual([`${ORIGIN}/articles/luxury/k/`]);
    expect(navigating.focused).toEqual([`${ORIGIN}/`]);

    const none = fakeScope();
    await none.click({ url: '/articles/luxury/k/' });
    expect(none.opened).toEqual([`${ORIGIN}/articles/luxury/k/`]);
  });

  it('never opens another site, whatever the payload says', async () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      42,
    ]) {
      const scope = fakeScope();
      await scope.click({ url });
      expect(scope.opened).toEqual([`${ORIGIN}/`]);
    }
  });
});

describe('sameOriginUrl', () => {
  it('keeps paths of the site with their query', () => {
    expect(sameOriginUrl('/following/?from=push', ORIGIN)).toBe(`${ORIGIN}/following/?from=push`);
    expect(sameOriginUrl('https://www.example.org/x/', ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
