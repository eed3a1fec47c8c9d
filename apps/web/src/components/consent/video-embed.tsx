'use client';

import { useState } from 'react';
import { acceptConsentCategory } from '../../client/consent/start-consent';
import { useConsent } from '../../client/consent/use-consent';
import { VIDEO_EMBED_ORIGIN } from '../../site/video-embeds';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export interface VideoEmbedProps {
  /** The 11-character video id (spec §5 video links). */
  videoId: string;
  /** What the video is, for the frame's title and the placeholder. */
  title: string;
}

/**
 * A video from another site behind a click-to-load placeholder: the frame loads once the reader has
 * accepted the `embeds` consent category, or at once when they press the placeholder's button, which
 * also records that consent (then, if the consent layer has not started yet, as soon as it has).
 */
export function VideoEmbed({ videoId, title }: VideoEmbedProps) {
  const consent = useConsent();
  const [requested, setRequested] = useState(false);
  if (!YOUTUBE_ID.test(videoId)) return null;
  const allowed = requested || (consent.status === 'given' && consent.categories.includes('embeds'));

  if (allowed) {
    return (
      <div className="aspect-video w-full bg-surface">
        <iframe
          className="h-full w-full"
          src={`${VIDEO_EMBED_ORIGIN}/embed/${videoId}`}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <figure
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 border border-rule bg-surface p-4 text-center"
      data-testid="video-placeholder"
    >
      <figcaption className="font-serif text-lg">{title}</figcaption>
      <p className="max-w-md text-sm text-muted">
        This video is hosted on YouTube, which may set its own cookies. Loading it allows embedded videos on
        this site; you can change that in the cookie preferences.
      </p>
      <button
        type="button"
        className="rounded bg-accent px-4 py-2 text-sm font-semibold text-accent-ink"
        onClick={() => {
          setRequested(true);
          void acceptConsentCategory('embeds').catch((error: unknown) =>
            console.error('Recording the embeds consent failed', error),
          );
        }}
      >
        Load video
      </button>
    </figure>
  );
}
