import Link from 'next/link';
import { runningServices } from '@bof/api/running-services';
import { formatDate } from '../../site/dates';

/** The account page's student section: the academic address and whether it is verified for this year. */
export async function StudentStatusSection({ userId }: { userId: string }) {
  const { students } = await runningServices();
  const status = await students.statusOf(userId);
  const record = status.record;
  return (
    <section aria-labelledby="student-heading" className="mt-12" id="student">
      <h2 id="student-heading" className="font-serif text-2xl font-bold">
        Student membership
      </h2>
      {!record ? (
        <p className="mt-4">
          No academic address on record.{' '}
          <Link href="/subscriptions/packages/students/">See the student membership</Link>
        </p>
      ) : (
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Academic address</dt>
          <dd className="break-words" data-testid="academic-email">
            {record.email}
            {record.institution ? ` (${record.institution})` : ''}
          </dd>
          <dt className="font-medium">Status</dt>
          <dd data-testid="academic-status">
            {status.verifiedThisYear && record.emailVerifiedDateTime
              ? `Verified on ${formatDate(record.emailVerifiedDateTime)}`
              : record.emailVerified
                ? 'Verified in an earlier academic year: verify it again for this year'
                : 'Not verified yet'}
          </dd>
          <dt className="font-medium">Graduation year</dt>
          <dd>{record.graduationYear ?? 'Not given'}</dd>
        </dl>
      )}
      {record && !status.verifiedThisYear ? (
        <p className="mt-4">
          <Link href="/subscriptions/students/validation/">Verify your academic address</Link>
        </p>
      ) : null}
    </section>
  );
}
