import Link from 'next/link';
import { runningServices } from '@bof/api/running-services';
import { ServerRenderSync } from '../../../../components/auth/server-render-sync';
import { SignInPrompt } from '../../../../components/auth/sign-in-prompt';
import { getServerViewer } from '../../../../server/server-viewer';
import { formatDate } from '../../../../site/dates';

export const dynamic = 'force-dynamic';

/** Spec §2 /subscriptions/students/confirmation/: the student membership bought, and what comes next. */
export default async function StudentConfirmationPage() {
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <section className="mx-auto max-w-measure px-gutter py-10">
        <ServerRenderSync renderedFor={null} />
        <h1 className="font-serif text-3xl font-bold">Your student membership</h1>
        <div className="mt-8">
          <SignInPrompt reason="Sign in to see your student membership." />
        </div>
      </section>
    );
  const { billing, students } = await runningServices();
  const [membership, status] = await Promise.all([
    billing.membershipOf(viewer.user_id),
    students.statusOf(viewer.user_id),
  ]);
  const active = membership.type === 'Student';
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <ServerRenderSync renderedFor={viewer.user_id} />
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Student membership</p>
      {active ? (
        <>
          <h1 className="mt-2 font-serif text-3xl font-bold">Welcome, you are a student member</h1>
          <p className="mt-4">
            Your {membership.plan?.title ?? 'Student'} membership is active
            {membership.periodEndsAt ? ` and renews on ${formatDate(membership.periodEndsAt)}` : ''}. Every
            article, analysis and briefing is open to you.
          </p>
          {status.record ? (
            <p className="mt-4 break-words text-sm text-muted">
              Academic address: {status.record.email}, graduating {status.record.graduationYear}. Verify it
              again each academic year.
            </p>
          ) : null}
          <p className="mt-6 flex flex-wrap gap-4">
            <Link
              href="/"
              className="inline-block rounded bg-accent px-5 py-2 font-medium text-accent-ink no-underline"
            >
              Start reading
            </Link>
            <Link href="/user/membership/">Your membership</Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-2 font-serif text-3xl font-bold">No student membership yet</h1>
          <p className="mt-4">
            We have no student membership on record for you. If you have just paid, it can take a moment:
            reload this page.
          </p>
          <p className="mt-6">
            <Link href="/subscriptions/packages/students/">See the student membership</Link>
          </p>
        </>
      )}
    </section>
  );
}
