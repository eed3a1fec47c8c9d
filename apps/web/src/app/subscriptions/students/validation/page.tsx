import Link from 'next/link';
import { STUDENT_LIMITS } from '@bof/api/students';
import { runningServices } from '@bof/api/running-services';
import { ServerRenderSync } from '../../../../components/auth/server-render-sync';
import { SignInPrompt } from '../../../../components/auth/sign-in-prompt';
import { StudentValidationForm } from '../../../../components/subscriptions/student-validation-form';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

/**
 * Spec §2 /subscriptions/students/validation/: the academic address and graduation year, then the code
 * e-mailed to the address (validateAcademicEmail, confirmAcademicEmail).
 */
export default async function StudentValidationPage() {
  const viewer = await getServerViewer();
  const { students } = await runningServices();
  const now = students.deps.now();
  const status = viewer ? await students.statusOf(viewer.user_id) : null;
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <ServerRenderSync renderedFor={viewer?.user_id ?? null} />
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Student membership</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Verify your student address</h1>
      <p className="mt-4">
        We send a 6-digit code to the e-mail address your university or college gave you. Shared addresses
        such as info@ or office@ cannot be used.
      </p>
      {!viewer ? (
        <div className="mt-8">
          <SignInPrompt
            reason="Sign in or create a free account first, so your student membership is yours on every device."
            offerRegistration
          />
        </div>
      ) : (
        <>
          {status?.eligible && status.record ? (
            <p className="mt-6 break-words rounded border border-rule bg-surface px-3 py-2">
              {status.record.email} is verified for this academic year.{' '}
              <Link href="/subscriptions/students/payment/">Continue to payment</Link>, or verify another
              address below.
            </p>
          ) : null}
          <StudentValidationForm
            currentYear={now.getUTCFullYear()}
            maxYearsAhead={STUDENT_LIMITS.maxYearsAhead}
          />
        </>
      )}
    </section>
  );
}
