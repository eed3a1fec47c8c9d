import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { toClientConfig } from '@bof/config/client';
import { EVENT_SCHEMA_URIS } from '@bof/analytics/catalogue';

// The Snowplow tracker stands in with a fake that logs every call made of it.
const sp = vi.hoisted(() => ({
  calls: [] as unknown[][],
  newTracker: true as boolean,
  throwOnTrack: false,
}));
vi.mock('@snowplow/browser-tracker', () => ({
  newTracker: (...args: unknown[]) => (
    sp.calls.push(['newTracker', args[0], args[1]]),
    sp.newTracker ? {} : null
  ),
  enableActivityTracking: (options: unknown) => sp.calls.push(['enableActivityTracking', options]),
  trackSelfDescribingEvent: (event: { event: { schema: string; data: unknown } }) => {
    if (sp.throwOnTrack) throw new Error('storage full');
    sp.calls.push(['event', event.event.schema, event.event.data]);
  },
  trackPageView: (event: { title: string; context: { data: unknown }[] }) =>
    sp.calls.push(['pageView', event.title, event.context[0]?.data]),
  setCustomUrl: (url: string) => sp.calls.push(['url', url]),
  setReferrerUrl: (url: string) => sp.calls.push(['referrer', url]),
  setUserId: (id: string | null) => sp.calls.push(['user', id]),
}));

const config = toClientConfig(parseServerEnv({ SITE_URL: 'https://www.example.org' }));
let errors: unknown[][];
let location: { href: string };

beforeEach(() => {
  vi.resetModules();
  sp.calls.length = 0;
  sp.newTracker = true;
  sp.throwOnTrack = false;
  location = { href: 'https://www.example.org/' };
  vi.stubGlobal('window', { location, addEventListener: () => undefined });
  vi.stubGlobal('document', { title: 'The Business of Fashion', referrer: 'https://search.example/' });
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const copy = { event: 'copy', data: { wordsCopied: 12, articleId: 'a-1' } } as const;

describe('the tracker (spec §7, §8, §9)', { timeout: 30_000 }, () => {
  it('holds events until the tracker has loaded, then sends them in order', async () => {
    const { startTracker, track } = await import('./tracker');
    track(copy);
    track({ event: 'share', data: { sharedPlatform: 'linkedin' } });
    expect(sp.calls).toEqual([]);
    await startTracker(config);
    expect(sp.calls).toEqual([
      ['newTracker', 'bof', 'https://www.example.org/api/collector'],
      ['enableActivityTracking', { minimumVisitLength: 10, heartbeatDelay: 10 }],
      ['event', EVENT_SCHEMA_URIS.copy, copy.data],
      ['event', EVENT_SCHEMA_URIS.share, { sharedPlatform: 'linkedin' }],
    ]);
    track(copy);
    expect(sp.calls.at(-1)).toEqual(['event', EVENT_SCHEMA_URIS.copy, copy.data]);
  });

  it('checks every event against its schema in development: an invalid one is logged and not sent', async () => {
    const { startTracker, track } = await import('./tracker');
    await startTracker(config);
    track({ event: 'scroll_depth', data: { percentage: 101 } });
    expect(sp.calls.filter(([call]) => call === 'event')).toEqual([]);
    expect(errors).toEqual([
      [
        'Error tracking event',
        {
          schema: EVENT_SCHEMA_URIS.scroll_depth,
          problems: [{ path: '/percentage', message: 'must be <= 100' }],
        },
      ],
    ]);
  });

  it("logs a failure as 'Error tracking event' and never throws to the caller", async () => {
    const { startTracker, track } = await import('./tracker');
    await startTracker(config);
    sp.throwOnTrack = true;
    expect(() => track(copy)).not.toThrow();
    expect(errors).toEqual([['Error tracking event', new Error('storage full')]]);
  });

  it("logs a tracker that does not start as 'Error tracking event'", async () => {
    sp.newTracker = false;
    const { startTracker } = await import('./tracker');
    await expect(startTracker(config)).resolves.toBeUndefined();
    expect(errors).toEqual([['Error tracking event', new Error('the tracker did not start')]]);
  });

  it('sends one page view per address, the previous address being the referrer', async () => {
    const { startTracker, trackPageView } = await import('./tracker');
    await startTracker(config);
    trackPageView();
    trackPageView(); // the same address again: no second page view
    location.href = 'https://www.example.org/legal/';
    trackPageView();
    const views = sp.calls.filter(([call]) => call === 'pageView' || call === 'referrer');
    expect(views).toEqual([
      ['referrer', 'https://search.example/'],
      ['pageView', 'The Business of Fashion', expect.objectContaining({ pagePath: '/' })],
      ['referrer', 'https://www.example.org/'],
      ['pageView', 'The Business of Fashion', expect.objectContaining({ pagePath: '/legal/' })],
    ]);
  });

  it('tells listeners (the consented tags) of each catalogue event, and the debug list', async () => {
    const { subscribeTrackedEvents, track } = await import('./tracker');
    const { getRecentEvents } = await import('./recent-events');
    const heard: unknown[] = [];
    const stop = subscribeTrackedEvents((event) => heard.push(event));
    track(copy);
    stop();
    track(copy);
    expect(heard).toEqual([{ name: 'copy', data: copy.data }]);
    expect(getRecentEvents().map((event) => event.name)).toEqual(['copy', 'copy']);
  });

  it('sets the signed-in reader on later events', async () => {
    const { setTrackedUser, startTracker } = await import('./tracker');
    setTrackedUser('user-1');
    await startTracker(config);
    expect(sp.calls.at(-1)).toEqual(['user', 'user-1']);
  });
});
