import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FrontPinsForm } from '../../../components/newsroom/front-pins-form';
import { newsroomStaffOr404 } from '../../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Front page · Newsroom', robots: { index: false, follow: false } };

/** The front page's lead slots as editors pin them: editors and newsroom admins (404 for anyone else). */
export default async function FrontPinsPage() {
  const { viewer, staff, newsroom } = await newsroomStaffOr404();
  if (staff.role === 'writer') notFound();
  const [pins, candidates] = await Promise.all([newsroom.frontPins(viewer), newsroom.pinCandidates(viewer)]);
  const pinned = [1, 2, 3].map((slot) => pins.find((pin) => pin.slot === slot)?.slug ?? null);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link className="underline" href="/newsroom/">
          ← Newsroom
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">Front page lead</h1>
      <p className="mt-2 text-sm">
        Pin a published article to a lead slot to keep it there whatever is published after it; an empty slot
        takes the newest story. Unpublishing a pinned story frees its slot.
      </p>
      {pins.length > 0 ? (
        <ul className="mt-4 text-sm">
          {pins.map((pin) => (
            <li key={pin.slot}>
              Slot {pin.slot}:{' '}
              <Link className="underline" href={`/articles/${pin.sectionSlug}/${pin.slug}/`}>
                {pin.headline}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm">Nothing is pinned: the newest stories lead.</p>
      )}
      <div className="mt-6">
        <FrontPinsForm pinned={pinned} candidates={candidates} />
      </div>
    </div>
  );
}
