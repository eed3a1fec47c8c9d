import { DomainError } from '../../errors/domain-error';

/** The stable codes of a refused careers operation (clients branch on these). */
export type JobErrorCode =
  | 'job_not_found'
  | 'job_closed'
  | 'job_employer_not_found'
  | 'job_not_editable'
  | 'job_alert_not_found'
  | 'job_alert_limit';

export const JOB_ERROR_CODES: readonly JobErrorCode[] = [
  'job_not_found',
  'job_closed',
  'job_employer_not_found',
  'job_not_editable',
  'job_alert_not_found',
  'job_alert_limit',
];

const MESSAGES: Record<JobErrorCode, string> = {
  job_not_found: 'There is no such job listing.',
  job_closed: 'This job listing has closed.',
  job_employer_not_found: 'You cannot post listings for that employer.',
  job_not_editable: 'This listing can no longer be edited.',
  job_alert_not_found: 'There is no such job alert.',
  job_alert_limit: 'You have the most job alerts you can have. Delete one first.',
};

/** An expected failure of the careers module: a stable `code` and a message for people. */
export class JobError extends DomainError {
  constructor(code: JobErrorCode, message: string = MESSAGES[code]) {
    super(code, message);
  }
}
