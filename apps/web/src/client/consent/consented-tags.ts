import type { ClientConfig } from '@bof/config/client';

type AnalyticsEnv = ClientConfig['analytics'];

type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[][];
  loaded: boolean;
  version: string;
  push: unknown;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let loaded = false;

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

/** True once the ad pixel and tag manager were loaded on this page. */
export function consentedTagsLoaded(): boolean {
  return loaded;
}

/**
 * Loads the ad pixel and the tag manager (those configured). Call only once non-essential consent is
 * given (spec §4); calling again does nothing.
 */
export function loadConsentedTags(analytics: Pick<AnalyticsEnv, 'adPixel' | 'tagManager'>): void {
  if (loaded) return;
  loaded = true;
  if (analytics.adPixel) installPixel(analytics.adPixel.id, analytics.adPixel.scriptUrl);
  if (analytics.tagManager) installTagManager(analytics.tagManager.id, analytics.tagManager.scriptUrl);
}

/** Tells the loaded tags about a route change; before consent there is nothing to tell. */
export function tagPageView(): void {
  if (!loaded) return;
  window.fbq?.('track', 'PageView');
  window.dataLayer?.push({ event: 'page_view', page_path: window.location.pathname });
}
