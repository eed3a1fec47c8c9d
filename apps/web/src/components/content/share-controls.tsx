'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { track } from '../../client/analytics/tracker';

/**
 * The part of the share controls that needs the browser: the copy-link button, the system share sheet
 * where there is one, and the `share` event of every target, the links given as `children` included
 * (each names its platform in `data-share-target`).
 */
export function ShareControls({
  url,
  title,
  articleId,
  giftId,
  buttonClass,
  children,
}: {
  url: string;
  title: string;
  articleId?: string;
  giftId?: string;
  buttonClass: string;
  children: ReactNode;
}) {
  const [status, setStatus] = useState('');
  const [canShare, setCanShare] = useState(false);
  // Known only in the browser, after hydration, so server and client render the same first.
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  const shared = (sharedPlatform: string) =>
    track({
      event: 'share',
      data: { sharedPlatform, ...(articleId ? { articleId } : {}), ...(giftId ? { giftId } : {}) },
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
      shared('copy_link');
    } catch {
      setStatus('Could not copy: select the address bar and copy the link from there');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
      shared('system');
    } catch {
      // The reader closed the share sheet: nothing was shared, nothing to say.
    }
  };
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm print:hidden"
      data-testid="share-tools"
      onClickCapture={(event) => {
        const link = (event.target as HTMLElement).closest('a[data-share-target]');
        const platform = link?.getAttribute('data-share-target');
        if (platform) shared(platform);
      }}
    >
      <button type="button" onClick={copy} className={buttonClass} data-share-target="copy">
        Copy link
      </button>
      {canShare ? (
        <button type="button" onClick={share} className={buttonClass} data-share-target="system">
          Share…
        </button>
      ) : null}
      {children}
      <span role="status" aria-live="polite" className="text-muted">
        {status}
      </span>
    </div>
  );
}
