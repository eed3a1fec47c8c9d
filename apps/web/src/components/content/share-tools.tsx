'use client';

import { useEffect, useState } from 'react';

/**
 * Copy-link and share controls for a story. The system share sheet is offered where the browser has
 * one; plain links to LinkedIn, X and e-mail work everywhere. (Tracking of shares comes later.)
 */
export function ShareTools({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState('');
  const [canShare, setCanShare] = useState(false);
  // Known only in the browser, after hydration, so server and client render the same first.
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch {
      setStatus('Could not copy: select the address bar and copy the link from there');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // The reader closed the share sheet: nothing to say.
    }
  };
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const linkClass = 'rounded border border-rule px-3 py-1.5 no-underline hover:bg-surface';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm print:hidden" data-testid="share-tools">
      <button type="button" onClick={copy} className={linkClass} data-share-target="copy">
        Copy link
      </button>
      {canShare ? (
        <button type="button" onClick={share} className={linkClass} data-share-target="system">
          Share…
        </button>
      ) : null}
      <a
        className={linkClass}
        href={`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`}
        target="_blank"
        rel="noopener noreferrer"
        data-share-target="linkedin"
      >
        LinkedIn<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a
        className={linkClass}
        href={`https://twitter.com/intent/tweet?url=${encoded}&text=${text}`}
        target="_blank"
        rel="noopener noreferrer"
        data-share-target="x"
      >
        X<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a className={linkClass} href={`mailto:?subject=${text}&body=${encoded}`} data-share-target="email">
        E-mail
      </a>
      <span role="status" aria-live="polite" className="text-muted">
        {status}
      </span>
    </div>
  );
}
