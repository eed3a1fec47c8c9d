'use client';

import Script from 'next/script';
import { useState, type ReactNode } from 'react';
import { Elements, RecurlyProvider } from '@recurly/react-recurly';

/** Where Recurly.js comes from and the site's public key (browser-safe; chosen by the server). */
export interface RecurlyBrowserConfig {
  publicKey: string;
  scriptUrl: string;
}

// Recurly.js defines `window.recurly` with its `Recurly` constructor, which the provider needs.
const hasRecurly = () =>
  typeof window !== 'undefined' &&
  Boolean((window as unknown as { recurly?: { Recurly?: unknown } }).recurly?.Recurly);

/**
 * Loads Recurly.js from the configured address, then provides a Recurly instance and one group of card
 * elements to its children. Until the script is there the card fields cannot exist, so it says so.
 */
export function RecurlyCheckout({ config, children }: { config: RecurlyBrowserConfig; children: ReactNode }) {
  // Starts as loading on the server and in the browser alike; `onReady` also fires when the script was
  // already on the page.
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  return (
    <>
      <Script
        src={config.scriptUrl}
        strategy="afterInteractive"
        onReady={() => setState(hasRecurly() ? 'ready' : 'failed')}
        onError={() => setState('failed')}
      />
      {state === 'ready' ? (
        <RecurlyProvider publicKey={config.publicKey}>
          <Elements>{children}</Elements>
        </RecurlyProvider>
      ) : state === 'loading' ? (
        <p className="mt-8" role="status">
          Loading the secure card fields…
        </p>
      ) : (
        <p role="alert" className="mt-8 rounded border border-accent px-3 py-2 text-accent">
          The secure card fields could not be loaded. Check your connection and reload the page; you have not
          been charged.
        </p>
      )}
    </>
  );
}
