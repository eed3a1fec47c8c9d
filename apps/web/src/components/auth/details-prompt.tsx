'use client';

import { useEffect, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { DETAILS_ASKED_KEY, DETAILS_PROMPT_KEY, oneMoreStepUrl } from '../../client/auth/auth-session';
import { isCheckoutPath } from '../../client/auth/reader-task';

function flag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function setFlag(key: string) {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // Without storage the prompt may come back on the next page: harmless.
  }
}

/**
 * The one-more-step question (spec §2 /user/one-more-step/) for a reader who signed in or up on a story
 * or at a checkout: a bar at the foot of the page that leaves the story readable and the reader free to
 * answer now, or later ("Not now" ends it for the tab). Not shown on a checkout or the account pages;
 * answering returns to the page it was asked on.
 */
export function DetailsPrompt() {
  const auth = useAuth();
  const [visible, setVisible] = useState(false);
  const [href, setHref] = useState('/user/one-more-step/');
  useEffect(() => {
    const path = window.location.pathname;
    setVisible(
      auth.status === 'logged-in' &&
        !auth.user.isUserDataComplete &&
        flag(DETAILS_PROMPT_KEY) &&
        !flag(DETAILS_ASKED_KEY) &&
        !path.startsWith('/user/') &&
        !isCheckoutPath(path),
    );
    setHref(oneMoreStepUrl(window.location.href));
  }, [auth.status, auth.user.isUserDataComplete]);
  if (!visible) return null;
  return (
    <aside
      aria-labelledby="details-prompt-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-rule bg-paper shadow-[0_-4px_16px_rgba(0,0,0,0.08)] sm:inset-x-auto sm:bottom-4 sm:right-4 sm:max-w-sm sm:rounded sm:border"
    >
      <div className="space-y-3 px-gutter py-4 sm:px-5">
        <p id="details-prompt-title" className="font-semibold">
          One more step
        </p>
        <p className="text-sm text-muted">
          Tell us about your work, when you are ready, and we will show you the stories that matter to you.
        </p>
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <a
            href={href}
            onClick={() => setFlag(DETAILS_ASKED_KEY)}
            className="rounded bg-ink px-4 py-2 font-medium text-paper no-underline"
          >
            Tell us about your work
          </a>
          <button
            type="button"
            onClick={() => {
              setFlag(DETAILS_ASKED_KEY);
              setVisible(false);
            }}
            className="rounded border border-rule px-4 py-2"
          >
            Not now
          </button>
        </p>
      </div>
    </aside>
  );
}
