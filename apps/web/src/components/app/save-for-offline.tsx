'use client';

import { useEffect, useState } from 'react';
import { removeSaved, saveForOffline, savedStories } from '../../client/app/offline-browser';

const REFUSALS = {
  'not-entitled': 'This story cannot be saved: only stories you can read in full are kept offline.',
  unavailable: 'This story could not be saved just now. Check your connection and try again.',
  'not-a-story': 'Only stories can be saved for offline reading.',
} as const;

/**
 * "Save for offline" on a story the server sent whole to this reader (the page renders it only then).
 * Shown once a service worker controls the page, since only the worker reads saved stories back.
 */
export function SaveForOffline({ path }: { path: string }) {
  const [ready, setReady] = useState(false);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container || typeof caches === 'undefined') return;
    const update = () => setReady(Boolean(container.controller));
    update();
    container.addEventListener('controllerchange', update);
    void savedStories().then((stories) => setSaved(stories.some((story) => story.path === path)));
    return () => container.removeEventListener('controllerchange', update);
  }, [path]);

  if (!ready) return null;

  async function toggle() {
    setBusy(true);
    setMessage(null);
    try {
      if (saved) {
        await removeSaved(path);
        setSaved(false);
        setMessage('Removed from your offline stories.');
      } else {
        const result = await saveForOffline(window.location.href);
        if (result.ok) {
          setSaved(true);
          setMessage('Saved: this story reads without a connection in this browser.');
        } else setMessage(REFUSALS[result.reason]);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 text-sm" data-save-offline="">
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={saved}
        className="rounded border border-ink px-3 py-1.5 font-sans hover:bg-surface disabled:opacity-60"
      >
        {busy ? 'Saving…' : saved ? 'Saved for offline · Remove' : 'Save for offline'}
      </button>
      <p role="status" className="text-muted">
        {message}
      </p>
    </div>
  );
}
