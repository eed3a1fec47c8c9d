import type { Metadata } from 'next';
import Link from 'next/link';
import { DailyBriefEditor, type BriefStory } from '../../../components/newsroom/daily-brief-editor';
import { newsroomStaffOr404 } from '../../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Daily brief · Newsroom',
  robots: { index: false, follow: false },
};

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const card = (s: { id: string; headline: string; standfirst: string; publishedAt: Date }): BriefStory => ({
  id: s.id,
  headline: s.headline,
  standfirst: s.standfirst,
  publishedAt: s.publishedAt.toISOString(),
});

/** The upcoming daily brief, composed from the day's stories; editors reorder, remove and introduce. */
export default async function DailyBriefPage() {
  const { viewer, staff, services } = await newsroomStaffOr404();
  const draft = await services.dailyBriefDesk.draft(viewer);
  const canEdit = staff.role === 'editor' || staff.role === 'admin';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link className="underline" href="/newsroom/">
          Newsroom
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">Daily brief</h1>
      {draft ? (
        <>
          <p className="mt-2 text-sm">
            Goes out {utc(draft.scheduledFor)} ({draft.status}).{' '}
            {draft.editedAt
              ? `Edited ${utc(draft.editedAt)}: it is sent as saved.`
              : 'Not edited yet: until saved, it follows the day’s stories automatically.'}
          </p>
          {draft.status === 'draft' ? (
            <DailyBriefEditor
              key={draft.editionId}
              editionId={draft.editionId}
              intro={draft.intro}
              stories={draft.stories.map(card)}
              candidates={draft.candidates.map(card)}
              canEdit={canEdit}
            />
          ) : (
            <p className="mt-6">This brief is being sent and can no longer be changed.</p>
          )}
        </>
      ) : (
        <p className="mt-6">No story has been published for the next brief yet.</p>
      )}
    </div>
  );
}
