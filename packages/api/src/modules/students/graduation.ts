import { findPlan } from '@bof/billing/plans';
import { formatMoney, isCurrency } from '@bof/billing/pricing';
import type { BillingModule } from '../billing/billing.module';
import type { Mailer } from '../email-change/email-change-mail';
import { graduationNoticeMessage } from './students-mail';
import type { RenewingStudent, StudentsRepo } from './students.repo';

/** The student plan, and the standard individual plan a graduate's membership moves to. */
export const STUDENT_PLAN_CODE = 'students_standard_yearly_v1';
export const GRADUATE_PLAN_CODE = 'individuals_standard_yearly_trial_v1';
/** The graduation notice goes out this many days before the renewal. */
export const GRADUATION_NOTICE_DAYS = 14;
const DAY_MS = 86_400_000;

export interface GraduationDeps {
  repo: Pick<StudentsRepo, 'renewingStudents' | 'recordNotice' | 'noticeOf' | 'markMoved'>;
  billing: Pick<BillingModule, 'now' | 'provider' | 'repo'>;
  mailer: Mailer;
  siteName: string;
  siteUrl: string;
}

/** Whether a reader graduating in `graduationYear` has graduated by `at` (no year on record: yes). */
export function graduatedBy(graduationYear: number | null, at: Date): boolean {
  return graduationYear === null || graduationYear < at.getUTCFullYear();
}

const dateOf = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

async function sendNotice(deps: GraduationDeps, student: RenewingStudent, renewsAt: Date, moved: boolean) {
  const plan = findPlan(GRADUATE_PLAN_CODE)!;
  const currency = isCurrency(student.currency) ? student.currency : 'GBP';
  await deps.mailer.send(
    graduationNoticeMessage({
      siteName: deps.siteName,
      to: student.accountEmail,
      renewsOn: dateOf(renewsAt),
      graduationYear: student.graduationYear,
      standardTitle: plan.title,
      standardPrice: formatMoney(plan.prices[currency], currency, 'en-GB'),
      cancelUrl: `${new URL(deps.siteUrl).origin}/subscriptions/cancel/`,
      moved,
    }),
  );
}

/**
 * Moves one student subscription that has renewed into a year after its reader's graduation to the
 * standard individual plan, at once: the provider credits the unused student year and charges the
 * standard one. A reader who cancelled is not here (their subscription is no longer active). Records the
 * move, and e-mails the reader when no notice went out before the renewal (once: see markMoved).
 */
async function moveGraduate(deps: GraduationDeps, student: RenewingStudent, now: Date): Promise<boolean> {
  const renewedAt = student.currentPeriodStartedAt;
  if (renewedAt > now || !graduatedBy(student.graduationYear, renewedAt)) return false;
  const plan = findPlan(GRADUATE_PLAN_CODE)!;
  const currency = isCurrency(student.currency) ? student.currency : 'GBP';
  const notice = await deps.repo.noticeOf(student.subscriptionUuid, renewedAt);
  const { subscription } = await deps.billing.provider.changePlan({
    uuid: student.subscriptionUuid,
    planCode: plan.code,
    unitAmount: plan.prices[currency],
    idempotencyKey: `graduation_${student.subscriptionUuid}_${renewedAt.getTime()}`,
  });
  await deps.billing.repo.syncSubscription(student.userId, subscription);
  const marked = await deps.repo.markMoved({
    subscriptionUuid: student.subscriptionUuid,
    renewsAt: renewedAt,
    userId: student.userId,
    now,
  });
  // Only the run that marked the move tells the reader: runs moving the same renewal at once send one e-mail.
  if (marked && !notice?.sentAt) await sendNotice(deps, student, renewedAt, true);
  return true;
}

export interface GraduationReport {
  noticesSent: number;
  moved: number;
  failed: number;
}

/**
 * Graduation handling, safe to run at any time and from several servers: e-mails each reader whose
 * student subscription renews within 14 days after their graduation year (once per renewal: the notice
 * is recorded before it is sent), and moves every student subscription that has renewed after its
 * reader's graduation to the standard individual plan. One subscription's failure does not stop the others.
 */
export async function runGraduations(
  deps: GraduationDeps,
  filter: { uuid: string } | 'all' = 'all',
  log: (line: string) => void = console.error,
): Promise<GraduationReport> {
  const now = await deps.billing.now();
  const report: GraduationReport = { noticesSent: 0, moved: 0, failed: 0 };
  const until = new Date(now.getTime() + GRADUATION_NOTICE_DAYS * DAY_MS);
  // Every active student subscription: those renewed after graduation move, those renewing soon are told.
  const students = await deps.repo.renewingStudents(STUDENT_PLAN_CODE, filter);
  for (const student of students) {
    try {
      if (await moveGraduate(deps, student, now)) {
        report.moved++;
        continue;
      }
      const renewsAt = student.currentPeriodEndsAt;
      if (renewsAt <= now || renewsAt > until || !graduatedBy(student.graduationYear, renewsAt)) continue;
      const first = await deps.repo.recordNotice({
        subscriptionUuid: student.subscriptionUuid,
        renewsAt,
        userId: student.userId,
        now,
      });
      if (!first) continue;
      await sendNotice(deps, student, renewsAt, false);
      report.noticesSent++;
    } catch (error) {
      report.failed++;
      log(`graduation handling failed for ${student.subscriptionUuid}: ${String(error)}`);
    }
  }
  return report;
}
