import type { ClientConfig } from '@bof/config/client';
import { reportTrackingError, subscribeTrackedEvents } from '../analytics/tracker';
import { createTagForwarder, type ForwardedEvent, type TagForwarder, type TagPlugin } from './tag-forwarder';

type AnalyticsEnv = ClientConfig['analytics'];

type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[][];
  loaded: boolean;
  version: string;
  push: unknown;
  /** Set by the pixel's script once it has loaded and taken the queue over. */
  callMethod?: (...args: unknown[]) => void;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
    /** Set by the tag manager's script, one entry per loaded container. */
    google_tag_manager?: Record<string, unknown>;
  }
}

let forwarder: TagForwarder | null = null;

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.consentCategory = 'nonessential';
  document.head.appendChild(script);
}

// The ad pixel's loader contract: a queueing `fbq` until the real script takes the queue over.
function installPixel(id: string, scriptUrl: string): void {
  if (!window.fbq) {
    const fbq = ((...args: unknown[]) => {
      fbq.queue.push(args);
    }) as Fbq;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.push = fbq;
    window.fbq = fbq;
    window._fbq = fbq;
  }
  addScript(scriptUrl);
  window.fbq('init', id);
  window.fbq('track', 'PageView');
}

function installTagManager(id: string, scriptUrl: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const url = new URL(scriptUrl);
  url.searchParams.set('id', id);
  addScript(url.toString());
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The ad pixel's standard events for the catalogue's conversions, with only what they need (currency,
 * plan, quantity). Every other catalogue event reaches the pixel as a custom event by name alone: no
 * reading, search or account data goes to the advertiser.
 */
export function pixelCall(event: ForwardedEvent): unknown[] {
  const { data } = event;
  const product = () => {
    const plan = text(data.planCode) ?? text(data.currentPlan) ?? text(data.ticketType);
    const quantity = data.seatQuantity ?? data.ticketQty;
    return {
      ...(text(data.currency) ? { currency: data.currency } : {}),
      ...(plan ? { content_ids: [plan], content_type: 'product' } : {}),
      ...(typeof quantity === 'number' ? { num_items: quantity } : {}),
    };
  };
  switch (event.name) {
    case 'page_view':
      return ['track', 'PageView'];
    case 'registered':
      return [
        'track',
        'CompleteRegistration',
        text(data.connection) ? { content_name: data.connection } : {},
      ];
    case 'checkout_started':
      return ['track', 'InitiateCheckout', product()];
    case 'payment_submitted':
      return ['track', 'AddPaymentInfo', product()];
    case 'purchase':
    case 'upgrade':
    case 'event_ticket_purchase':
      return ['track', 'Purchase', product()];
    case 'newsletter_subscribe':
      return ['track', 'Lead', { content_name: 'newsletter' }];
    default:
      return ['trackCustom', event.name];
  }
}

/** The tag manager's data layer entry: the event's name and its catalogue fields, as they were sent. */
export function dataLayerEntry(event: ForwardedEvent): Record<string, unknown> {
  return { event: event.name, ...event.data };
}

function pixelPlugin(): TagPlugin {
  return {
    name: 'ad_pixel',
    loaded: () => typeof window.fbq?.callMethod === 'function',
    send: (event) => window.fbq?.(...pixelCall(event)),
  };
}

function tagManagerPlugin(id: string): TagPlugin {
  return {
    name: 'tag_manager',
    loaded: () => Boolean(window.google_tag_manager?.[id]),
    send: (event) => {
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push(dataLayerEntry(event));
    },
  };
}

/** True once the ad pixel and tag manager were loaded on this page. */
export function consentedTagsLoaded(): boolean {
  return forwarder !== null;
}

/**
 * Loads the ad pixel and the tag manager (those configured) and, from then on, forwards them every
 * catalogue event the page sends (spec §4: only after non-essential consent; call only then). Calling
 * again does nothing.
 */
export function loadConsentedTags(analytics: Pick<AnalyticsEnv, 'adPixel' | 'tagManager'>): void {
  if (forwarder) return;
  const plugins: TagPlugin[] = [];
  if (analytics.adPixel) {
    installPixel(analytics.adPixel.id, analytics.adPixel.scriptUrl);
    plugins.push(pixelPlugin());
  }
  if (analytics.tagManager) {
    installTagManager(analytics.tagManager.id, analytics.tagManager.scriptUrl);
    plugins.push(tagManagerPlugin(analytics.tagManager.id));
  }
  forwarder = createTagForwarder(plugins, {
    now: () => Date.now(),
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    onError: (detail) => reportTrackingError(detail),
  });
  const current = forwarder;
  subscribeTrackedEvents((event) => {
    // A page view reaches the tags through tagPageView, with the address rather than the entity.
    if (event.name !== 'page_view') current.forward(event);
  });
}

/** Tells the loaded tags about a route change; before consent there is nothing to tell. */
export function tagPageView(): void {
  forwarder?.forward({ name: 'page_view', data: { page_path: window.location.pathname } });
}

/** The tags' loading state, for the debug toolbar. Null before consent. */
export function consentedTagsStatus(): ReturnType<TagForwarder['status']> | null {
  return forwarder?.status() ?? null;
}
