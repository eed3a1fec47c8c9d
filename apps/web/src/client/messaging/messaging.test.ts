import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { startMessaging as StartMessaging } from './messaging';

// The SDK stands in with a fake that logs each call and lets the test deliver a message.
const sdk = vi.hoisted(() => ({
  imported: 0,
  calls: [] as unknown[][],
  deliver: null as ((message: unknown) => void) | null,
  deferred: null as unknown,
}));
vi.mock('@braze/web-sdk', () => {
  sdk.imported += 1;
  return {
    initialize: (...args: unknown[]) => (sdk.calls.push(['initialize', ...args]), true),
    subscribeToInAppMessage: (subscriber: (message: unknown) => void) => {
      sdk.deliver = subscriber;
      return 'subscription';
    },
    showInAppMessage: (message: { id: string }) => (sdk.calls.push(['show', message.id]), true),
    deferInAppMessage: (message: { id: string }) => {
      sdk.deferred = message;
      sdk.calls.push(['defer', message.id]);
      return true;
    },
    getDeferredInAppMessage: () => {
      const message = sdk.deferred;
      sdk.deferred = null;
      return message;
    },
    changeUser: (id: unknown) => sdk.calls.push(['changeUser', id]),
    openSession: () => sdk.calls.push(['openSession']),
  };
});

const config = {
  analytics: { messaging: { apiKey: 'api-key-1234', baseUrl: 'sdk.fra-02.braze.eu' } },
} as unknown as Parameters<typeof StartMessaging>[0];
const off = { analytics: { messaging: null } } as unknown as typeof config;

/** A message as the SDK hands it over, recording when it is closed. */
function message(id: string) {
  return {
    id,
    isControl: false,
    closed: false,
    closeMessage() {
      this.closed = true;
    },
    subscribeToDismissedEvent: () => 'dismissed',
  };
}

let location: { pathname: string };
beforeEach(() => {
  vi.resetModules();
  sdk.imported = 0;
  sdk.calls.length = 0;
  sdk.deliver = null;
  sdk.deferred = null;
  location = { pathname: '/' };
  vi.stubGlobal('window', { location });
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('in-app messaging (spec §1, §6, §7, §8)', () => {
  it('is skipped without an API key, never loading the SDK', async () => {
    const { startMessaging } = await import('./messaging');
    await expect(startMessaging(off, '/')).resolves.toBeNull();
    expect(sdk.imported).toBe(0);
  });

  it('loads the SDK only when started, with the key and the EU base URL, then opens a session', async () => {
    const { startMessaging } = await import('./messaging');
    expect(sdk.imported).toBe(0);
    await startMessaging(config, '/');
    expect(sdk.imported).toBe(1);
    expect(sdk.calls).toEqual([
      ['initialize', 'api-key-1234', { baseUrl: 'sdk.fra-02.braze.eu', enableLogging: false }],
      ['openSession'],
    ]);
  });

  it.each(['/user/account/', '/subscriptions/faq/', '/user'])('never starts on %s', async (path) => {
    const { startMessaging } = await import('./messaging');
    location.pathname = path;
    await expect(startMessaging(config, path)).resolves.toBeNull();
    expect(sdk.imported).toBe(0);
  });

  it('changes user to the user id as a string, before the session and after', async () => {
    const { setMessagingUser, startMessaging } = await import('./messaging');
    setMessagingUser(42 as unknown as string);
    await startMessaging(config, '/');
    expect(sdk.calls.slice(1)).toEqual([['changeUser', '42'], ['openSession']]);
    setMessagingUser('user-7');
    await settle();
    expect(sdk.calls.at(-1)).toEqual(['changeUser', 'user-7']);
  });

  it('shows a message where messages may show', async () => {
    const { startMessaging } = await import('./messaging');
    await startMessaging(config, '/');
    sdk.deliver!(message('m1'));
    expect(sdk.calls.at(-1)).toEqual(['show', 'm1']);
  });

  it('after a client-side move into /user: closes the message on screen, holds new ones, shows them back outside', async () => {
    const { setMessagingPath, startMessaging } = await import('./messaging');
    await startMessaging(config, '/');
    const first = message('m1');
    sdk.deliver!(first);

    location.pathname = '/user/account/';
    setMessagingPath('/user/account/');
    await settle();
    expect(first.closed).toBe(true);

    sdk.deliver!(message('m2'));
    expect(sdk.calls.filter(([call]) => call === 'show')).toEqual([['show', 'm1']]);
    expect(sdk.calls.at(-1)).toEqual(['defer', 'm2']);

    setMessagingPath('/subscriptions/faq/');
    await settle();
    expect(sdk.calls.filter(([call]) => call === 'show')).toHaveLength(1);

    location.pathname = '/articles/';
    setMessagingPath('/articles/');
    await settle();
    expect(sdk.calls.filter(([call]) => call === 'show')).toEqual([
      ['show', 'm1'],
      ['show', 'm2'],
    ]);
    // Taken from the SDK's store too, so it does not show again on the next page load.
    expect(sdk.deferred).toBeNull();
  });

  it('shows, once started on an allowed page, a message the SDK kept from an earlier page', async () => {
    sdk.deferred = message('kept');
    const { startMessaging } = await import('./messaging');
    await startMessaging(config, '/');
    expect(sdk.calls).toContainEqual(['show', 'kept']);
  });
});
