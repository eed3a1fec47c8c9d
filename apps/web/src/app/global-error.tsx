'use client';

/** Last resort when the root layout itself fails: a self-contained page. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en-GB">
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
