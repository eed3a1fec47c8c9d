import { randomBytes } from 'node:crypto';
import { readOrCreateSecret } from '@bof/http/secret-file';
import type { Platform } from '../../platform/platform';
import type { BillingModule } from '../billing/billing.module';
import type { Mailer } from '../email-change/email-change-mail';
import { runGraduations, type GraduationDeps, type GraduationReport } from './graduation';
import { createStudentsRepo, type StudentsRepo } from './students.repo';
import { studentStatusOf, type StudentDeps, type StudentStatus } from './students.service';

export { STUDENT_PLAN_CODE, GRADUATE_PLAN_CODE } from './graduation';
export { STUDENT_LIMITS, type StudentStatus } from './students.service';

/** How often graduation handling looks for notices to send and moves to make. */
const GRADUATION_SWEEP_MS = 60 * 60_000;

export interface StudentsModule {
  deps: StudentDeps;
  repo: StudentsRepo;
  billing: BillingModule;
  graduation: GraduationDeps;
  /** The reader's academic address and whether it makes them eligible now. */
  statusOf(userId: string): Promise<StudentStatus>;
  /** Sends due graduation notices and makes due moves (graduation.ts). */
  runGraduations(filter?: { uuid: string } | 'all'): Promise<GraduationReport>;
  stop(): void;
}

/**
 * Student memberships: academic address verification, the student purchase and graduation handling.
 * Built once by the composition root, after billing; hooks billing's renewals (a student subscription
 * renewing after graduation moves to the standard plan) and sweeps hourly for notices.
 */
export function createStudentsModule(
  platform: Platform,
  ports: {
    billing: BillingModule;
    mailer: Mailer;
    now?: () => Date;
    newCode?: () => string;
    sweepMs?: number;
  },
): StudentsModule {
  const repo = createStudentsRepo(platform.db);
  const codeKey = readOrCreateSecret({
    dataDir: platform.env.dataDir,
    name: 'academic-code-key',
    generate: () => randomBytes(32).toString('hex'),
  });
  const deps: StudentDeps = {
    repo,
    mailer: ports.mailer,
    codeKey,
    now: ports.now ?? (() => new Date()),
    ...(ports.newCode ? { newCode: ports.newCode } : {}),
    siteName: platform.env.siteName,
  };
  const graduation: GraduationDeps = {
    repo,
    billing: ports.billing,
    mailer: ports.mailer,
    siteName: platform.env.siteName,
    siteUrl: platform.env.siteUrl,
  };
  const sweep = (filter: { uuid: string } | 'all' = 'all') => runGraduations(graduation, filter);
  // A renewal of a student subscription after graduation moves it to the standard plan at once.
  ports.billing.onRenewal(async (uuid) => {
    await sweep({ uuid });
  });
  const sweepMs = ports.sweepMs ?? GRADUATION_SWEEP_MS;
  const timer =
    sweepMs > 0
      ? setInterval(() => {
          void sweep().catch((error: unknown) => console.error('Graduation handling failed', error));
        }, sweepMs)
      : null;
  timer?.unref();
  return {
    deps,
    repo,
    billing: ports.billing,
    graduation,
    async statusOf(userId) {
      return studentStatusOf(await repo.find(userId), deps.now());
    },
    runGraduations: sweep,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
