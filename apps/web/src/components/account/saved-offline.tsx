'use client';

import { useCallback, useEffect, useState } from 'react';
import {
  SAVED_STORIES_CHANGED,
  formatBytes,
  purgeReaderCaches,
  removeSaved,
  savedStories,
} from '../../client/app/offline-browser';
import type { SavedStory } from '../../client/app/saved-stories';
import { useHydrated } from '../../client/use-hydrated';

/**
 * The account page's "Saved for offline" list (issue 27): the stories this browser keeps, with their
 * sizes, each removable, and "Remove all" (which also empties the cached front and Following pages).
 */
export function SavedOffline() {
  const hydrated = useHydrated();
  const [stories, setStories] = useState<SavedStory[] | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(() => {
    void savedStories().then(setStories);
  }, []);
  useEffect(() => {
    load();
    // The start check may drop stories the reader is no longer entitled to while this list is open.
    window.addEventListener(SAVED_STORIES_CHANGED, load);
    return () => window.removeEventListener(SAVED_STORIES_CHANGED, load);
  }, [load]);

  if (!hydrated) return <p className="text-muted">Loading your saved stories…</p>;
  if (typeof caches === 'undefined')
    return <p className="text-muted">This browser cannot keep stories for offline reading.</p>;
  if (stories === null) return <p className="text-muted">Loading your saved stories…</p>;

  const total = stories.reduce((sum, story) => sum + story.bytes, 0);
  return (
    <div data-saved-offline="">
      <p role="status" className="sr-only">
        {status}
      </p>
      {stories.length === 0 ? (
        <p className="text-muted">
          No stories saved. Use &ldquo;Save for offline&rdquo; on a story to read it without a connection.
        </p>
      ) : (
        <>
          <p className="text-muted">
            {stories.length} {stories.length === 1 ? 'story' : 'stories'}, {formatBytes(total)} in this
            browser (at most 50: saving more replaces the least recently read).
          </p>
          <ul className="mt-4 divide-y divide-rule border-y border-rule">
            {stories.map((story) => (
              <li key={story.path} className="flex items-center justify-between gap-4 py-3">
                <span>
                  <a href={story.path}>{story.title}</a>{' '}
                  <span className="text-sm text-muted">{formatBytes(story.bytes)}</span>
                </span>
                <button
                  type="button"
                  className="rounded border border-rule px-3 py-1 text-sm hover:bg-surface"
                  aria-label={`Remove “${story.title}” from offline stories`}
                  onClick={() =>
                    void removeSaved(story.path).then(() => {
                      setStatus(`Removed “${story.title}”.`);
                      load();
                    })
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-4 rounded bg-ink px-4 py-2 text-paper"
            onClick={() =>
              void purgeReaderCaches().then(() => {
                setStatus('All saved stories removed.');
                load();
              })
            }
          >
            Remove all
          </button>
        </>
      )}
    </div>
  );
}
