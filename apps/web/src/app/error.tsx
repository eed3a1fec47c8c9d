'use client';

import { useEffect } from 'react';

/** Shown when a page fails to render. Spec §8: "Something went wrong!" when an error has no message. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="mx-auto max-w-measure px-gutter py-16" role="alert">
      <h1 className="font-serif text-3xl font-bold">Something went wrong!</h1>
      <p className="mt-4 text-muted">
        We could not show this page. Please try again; if it keeps happening, come back in a few minutes.
      </p>
      {error.digest ? <p className="mt-2 text-xs text-muted">Reference: {error.digest}</p> : null}
      <button type="button" onClick={reset} className="mt-8 rounded bg-ink px-4 py-2 text-paper">
        Try again
      </button>
    </section>
  );
}
