import { ANALYTICS } from '@bof/config/constants';

/** An event on its way to a consented tag: a catalogue event's name and data, or a page view. */
export interface ForwardedEvent {
  name: string;
  data: Record<string, unknown>;
}

/** A tag that receives events once non-essential consent is given: the ad pixel, the tag manager. */
export interface TagPlugin {
  name: string;
  /** True once the tag's script has loaded and taken over. */
  loaded(): boolean;
  send(event: ForwardedEvent): void;
}

export interface TagForwarderOptions {
  now: () => number;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  onError: (detail: unknown) => void;
  /** Spec §9: how long a tag may take to load before it is given up (10 s). */
  readinessWaitMs?: number;
  /** Spec §9: how often events waiting for a tag are retried (every 3 s). */
  flushEveryMs?: number;
  /** Events held per tag while it loads, at most (the tracker's queue capacity). */
  maxQueue?: number;
}

type PluginState = { plugin: TagPlugin; status: 'waiting' | 'ready' | 'failed'; queue: ForwardedEvent[] };

/**
 * Hands events to the consented tags. Created once consent is given: a tag that has loaded gets each
 * event at once; until then events wait in its queue, flushed every 3 s, for up to 10 s; a tag still not
 * loaded by then (blocked, offline) is given up, its queue dropped and the failure logged. Events from
 * before consent never reach it, because it does not exist before consent.
 */
export function createTagForwarder(plugins: readonly TagPlugin[], options: TagForwarderOptions) {
  const readinessWaitMs = options.readinessWaitMs ?? ANALYTICS.pluginReadinessWaitMs;
  const flushEveryMs = options.flushEveryMs ?? ANALYTICS.pluginQueueFlushMs;
  const maxQueue = options.maxQueue ?? ANALYTICS.eventQueueCapacity;
  const startedAt = options.now();
  const states: PluginState[] = plugins.map((plugin) => ({ plugin, status: 'waiting', queue: [] }));

  const deliver = (state: PluginState, event: ForwardedEvent) => {
    try {
      state.plugin.send(event);
    } catch (error) {
      options.onError({ tag: state.plugin.name, event: event.name, error });
    }
  };

  /** A waiting tag that has loaded becomes ready and gets its queue, in order. */
  const settle = (state: PluginState) => {
    if (state.status !== 'waiting' || !state.plugin.loaded()) return;
    state.status = 'ready';
    for (const event of state.queue.splice(0)) deliver(state, event);
  };

  let timer: unknown = null;
  const flush = () => {
    for (const state of states) {
      settle(state);
      if (state.status === 'waiting' && options.now() - startedAt >= readinessWaitMs) {
        state.status = 'failed';
        options.onError({
          tag: state.plugin.name,
          message: `did not load within ${readinessWaitMs} ms; ${state.queue.length} events dropped`,
        });
        state.queue.length = 0;
      }
    }
    if (timer !== null && !states.some((state) => state.status === 'waiting')) {
      options.clearInterval(timer);
      timer = null;
    }
  };
  if (states.length > 0) timer = options.setInterval(flush, flushEveryMs);

  return {
    forward(event: ForwardedEvent): void {
      for (const state of states) {
        settle(state);
        if (state.status === 'ready') deliver(state, event);
        else if (state.status === 'waiting' && state.queue.length < maxQueue) state.queue.push(event);
      }
    },
    /** Each tag's state, for the debug toolbar and tests. */
    status: () =>
      Object.fromEntries(states.map((s) => [s.plugin.name, { status: s.status, queued: s.queue.length }])),
    /** Runs the periodic flush now (tests). */
    flush,
  };
}

export type TagForwarder = ReturnType<typeof createTagForwarder>;
