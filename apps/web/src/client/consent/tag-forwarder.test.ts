import { describe, expect, it } from 'vitest';
import { createTagForwarder, type ForwardedEvent, type TagPlugin } from './tag-forwarder';

/** A tag whose script loads when the test says so, and a clock and interval the test moves. */
function setup(names: string[]) {
  let now = 0;
  let tick: (() => void) | null = null;
  let intervalMs = 0;
  const errors: unknown[] = [];
  const loaded = new Set<string>();
  const received: Record<string, string[]> = Object.fromEntries(names.map((n) => [n, []]));
  const plugins: TagPlugin[] = names.map((name) => ({
    name,
    loaded: () => loaded.has(name),
    send: (event: ForwardedEvent) => received[name]!.push(event.name),
  }));
  const forwarder = createTagForwarder(plugins, {
    now: () => now,
    setInterval: (run, ms) => {
      tick = run;
      intervalMs = ms;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
    onError: (detail) => errors.push(detail),
  });
  return {
    forwarder,
    received,
    errors,
    load: (name: string) => loaded.add(name),
    advance(ms: number) {
      now += ms;
      tick?.();
    },
    timerRunning: () => tick !== null,
    intervalMs: () => intervalMs,
  };
}

const event = (name: string): ForwardedEvent => ({ name, data: {} });

describe('createTagForwarder (spec §4, §9)', () => {
  it('holds events until a tag has loaded, flushing every 3 s, in order', () => {
    const t = setup(['ad_pixel']);
    expect(t.intervalMs()).toBe(3000);
    t.forwarder.forward(event('registered'));
    t.forwarder.forward(event('purchase'));
    expect(t.received.ad_pixel).toEqual([]);
    t.load('ad_pixel');
    t.advance(3000);
    expect(t.received.ad_pixel).toEqual(['registered', 'purchase']);
    // Once loaded, events go at once and the flush stops.
    expect(t.timerRunning()).toBe(false);
    t.forwarder.forward(event('upgrade'));
    expect(t.received.ad_pixel).toEqual(['registered', 'purchase', 'upgrade']);
  });

  it('hands a loaded tag its queue on the next event, before the timer', () => {
    const t = setup(['tag_manager']);
    t.forwarder.forward(event('consent_changed'));
    t.load('tag_manager');
    t.forwarder.forward(event('page_view'));
    expect(t.received.tag_manager).toEqual(['consent_changed', 'page_view']);
  });

  it('gives up a tag that has not loaded within 10 s, dropping its queue and logging it', () => {
    const t = setup(['ad_pixel', 'tag_manager']);
    t.forwarder.forward(event('purchase'));
    t.load('tag_manager');
    t.advance(3000);
    t.advance(3000);
    t.advance(3000);
    expect(t.errors).toEqual([]);
    expect(t.forwarder.status()).toEqual({
      ad_pixel: { status: 'waiting', queued: 1 },
      tag_manager: { status: 'ready', queued: 0 },
    });
    t.advance(3000); // 12 s: past the 10 s readiness wait
    expect(t.errors).toEqual([
      { tag: 'ad_pixel', message: 'did not load within 10000 ms; 1 events dropped' },
    ]);
    expect(t.timerRunning()).toBe(false);
    t.load('ad_pixel'); // too late: given up for this page
    t.forwarder.forward(event('upgrade'));
    expect(t.received).toEqual({ ad_pixel: [], tag_manager: ['purchase', 'upgrade'] });
  });

  it('logs a tag that throws, and carries on with the others', () => {
    const errors: unknown[] = [];
    const forwarder = createTagForwarder(
      [
        {
          name: 'broken',
          loaded: () => true,
          send: () => {
            throw new Error('boom');
          },
        },
      ],
      { now: () => 0, setInterval: () => 1, clearInterval: () => undefined, onError: (d) => errors.push(d) },
    );
    forwarder.forward(event('purchase'));
    expect(errors).toMatchObject([{ tag: 'broken', event: 'purchase' }]);
  });
});
