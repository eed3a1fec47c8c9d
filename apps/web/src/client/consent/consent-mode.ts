import { consentModeFor } from './consent-categories';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

// gtag() pushes its `arguments` object: the tag manager reads consent commands in exactly that shape.
function gtag(..._args: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

/** Sets consent mode's default (before any tag can load) from the categories already accepted. */
export function setDefaultConsentMode(accepted: readonly string[]): void {
  gtag('consent', 'default', consentModeFor(accepted));
}

/** Brings consent mode in step after the reader changed their consent. */
export function updateConsentMode(accepted: readonly string[]): void {
  gtag('consent', 'update', consentModeFor(accepted));
}
