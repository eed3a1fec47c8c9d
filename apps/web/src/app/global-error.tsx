'use client';

import { SITE_NAME_AT_BUILD } from '@bof/config/constants';

/** Last resort when the root layout itself fails: a self-contained page. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en-GB">
      <head>
        <title>{SITE_NAME_AT_BUILD}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1" />
      </head>
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          margin: '4rem auto',
          maxWidth: '36rem',
          padding: '0 1rem',
        }}
      >
        <h1>Something went wrong!</h1>
        <p>We could not show this page. Please try again in a moment.</p>
        <button type="button" onClick={reset}>
          Try again
        </button>
      </body>
    </html>
  );
}
