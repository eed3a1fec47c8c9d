import type { Metadata } from 'next';
import { OfflineContents } from '../../components/app/offline-contents';

export const metadata: Metadata = { robots: { index: false } };

/**
 * The offline page (issue 27): the service worker keeps it, and shows it (with `?from=` the address that
 * failed) when a page was asked for without a network and was not stored. It says what reads offline and
 * lists the stories saved in this browser.
 */
export default function OfflinePage() {
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">You are offline</h1>
      <OfflineContents />
      <h2 className="mt-10 font-serif text-2xl font-bold">What you can read without a connection</h2>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        <li>
          <a href="/">The front page</a>, as you last opened it
        </li>
        <li>
          <a href="/user/following/">Your Following page</a>, as you last opened it while signed in
        </li>
        <li>The stories you saved for offline, below</li>
      </ul>
    </div>
  );
}
