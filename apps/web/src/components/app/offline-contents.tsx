'use client';

import { useEffect, useState } from 'react';
import { savedStories } from '../../client/app/offline-browser';
import type { SavedStory } from '../../client/app/saved-stories';

/** The address that failed (`?from=`, a path of this site only) and the stories saved in this browser. */
export function OfflineContents() {
  const [from, setFrom] = useState<string | null>(null);
  const [stories, setStories] = useState<SavedStory[] | null>(null);

  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('from');
    // Only a path of this site: `//elsewhere` or a scheme would make the retry link leave it.
    if (asked && asked.startsWith('/') && !asked.startsWith('//')) setFrom(asked);
    void savedStories().then(setStories);
  }, []);

  return (
    <>
      {from ? (
        <p className="mt-4" data-offline-from={from}>
          <span className="break-all">{from}</span> could not be opened without a connection and is not saved
          in this browser. <a href={from}>Try again</a> once you are back online.
        </p>
      ) : (
        <p className="mt-4">This page could not be opened without a connection.</p>
      )}
      <section aria-labelledby="saved-heading" className="mt-10">
        <h2 id="saved-heading" className="font-serif text-2xl font-bold">
          Saved stories
        </h2>
        {stories === null ? (
          <p className="mt-4 text-muted">Looking for saved stories…</p>
        ) : stories.length === 0 ? (
          <p className="mt-4 text-muted">
            No stories saved in this browser. Online, use &ldquo;Save for offline&rdquo; on a story.
          </p>
        ) : (
          <ul className="mt-4 space-y-2" data-offline-saved="">
            {stories.map((story) => (
              <li key={story.path}>
                <a href={story.path}>{story.title}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
