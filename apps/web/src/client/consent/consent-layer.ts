import type * as VanillaCookieConsent from 'vanilla-cookieconsent';
import type { ClientConfig } from '@bof/config/client';

export type CookieConsentApi = typeof VanillaCookieConsent;

// The script served from the static base URL installs itself as `window.CookieConsent`.
const globalLayer = () => (window as { CookieConsent?: CookieConsentApi }).CookieConsent;

function appendOnce<T extends HTMLElement>(selector: string, create: () => T): Promise<void> {
  if (document.querySelector(selector)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const element = create();
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => reject(new Error(`could not load ${selector}`)), { once: true });
    document.head.appendChild(element);
  });
}

/**
 * Loads vanilla-cookieconsent: bundled with the app in the embedded mode, from the static base URL
 * (spec §7) otherwise. Either way it arrives after the page, not in its first JavaScript.
 */
export async function loadConsentLayer(
  assets: ClientConfig['analytics']['consentAssets'],
): Promise<CookieConsentApi> {
  if (assets.kind === 'bundled') return (await import('./consent-bundled')).consentLayer;
  await Promise.all([
    appendOnce(`link[href="${assets.styleUrl}"]`, () => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = assets.styleUrl;
      return link;
    }),
    appendOnce(`script[src="${assets.scriptUrl}"]`, () => {
      const script = document.createElement('script');
      script.src = assets.scriptUrl;
      script.async = true;
      return script;
    }),
  ]);
  const layer = globalLayer();
  if (!layer) throw new Error('the consent layer did not start');
  return layer;
}
