import { z } from 'zod';
import { CURRENCIES } from '@bof/config/constants';
import { fieldValidationErrorFrom } from '../../errors/from-validation-issues';
import { isPublicWebUrl } from '../profiles/profile-links';
import { referenceKeys } from '../reference/reference-lists';

/** Where the work is done. */
export const WORKPLACES = ['REMOTE', 'HYBRID', 'ON_SITE'] as const;
export type Workplace = (typeof WORKPLACES)[number];
export const WORKPLACE_TITLES: Record<Workplace, string> = {
  REMOTE: 'Remote',
  HYBRID: 'Hybrid',
  ON_SITE: 'On-site',
};

export const JOB_TITLE_MAX = 150;
export const JOB_LOCATION_MAX = 150;
/** The description's stored HTML, after sanitising. */
export const JOB_DESCRIPTION_MAX = 20_000;
/** Yearly salary in whole units of the currency. */
export const JOB_SALARY_MAX = 10_000_000;
/** A listing may stay open at most this long. */
export const JOB_OPEN_DAYS_MAX = 180;
export const JOB_QUERY_MAX = 200;

const refKey = (list: Parameters<typeof referenceKeys>[0], what: string) =>
  z.enum(referenceKeys(list), { error: `Choose a ${what} from the list.` });

/** Neither null nor undefined. */
export const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

const salary = z
  .number({ error: 'Enter the salary as a whole number.' })
  .int('Enter the salary as a whole number.')
  .min(0, 'A salary cannot be negative.')
  .max(JOB_SALARY_MAX, `Enter a yearly salary up to ${JOB_SALARY_MAX.toLocaleString('en-GB')}.`)
  .nullish();

/**
 * A listing as an employer (or a partner feed) gives it. The apply URL must be a public http(s) address
 * (`javascript:`, `data:` and private hosts are refused); exactly one of apply URL and apply e-mail.
 */
export const jobListingSchema = z
  .object({
    employerProfileId: z.uuid('Choose the employer.'),
    title: z
      .string()
      .trim()
      .min(3, 'Enter the job title.')
      .max(JOB_TITLE_MAX, `Keep the title to ${JOB_TITLE_MAX} characters.`),
    location: z
      .string()
      .trim()
      .min(2, 'Enter where the job is.')
      .max(JOB_LOCATION_MAX, `Keep the location to ${JOB_LOCATION_MAX} characters.`),
    workplace: z.enum(WORKPLACES, { error: 'Choose remote, hybrid or on-site.' }),
    jobFunction: refKey('jobFunctions', 'job function'),
    jobIndustry: refKey('jobIndustries', 'industry'),
    jobLevel: refKey('jobLevels', 'level'),
    salaryMin: salary,
    salaryMax: salary,
    salaryCurrency: z.enum(CURRENCIES, { error: 'Choose the salary currency.' }).nullish(),
    closesAt: z.coerce.date({ error: 'Enter the closing date.' }),
    descriptionHtml: z
      .string()
      .min(20, 'Describe the job in at least a sentence or two.')
      .max(
        JOB_DESCRIPTION_MAX,
        `Keep the description to ${JOB_DESCRIPTION_MAX.toLocaleString('en-GB')} characters.`,
      ),
    applyUrl: z
      .string()
      .trim()
      .max(2048, 'That address is too long.')
      .refine(isPublicWebUrl, 'Enter a web address starting with https:// or http://.')
      .nullish(),
    applyEmail: z.email('Enter a valid e-mail address.').max(254).nullish(),
  })
  .superRefine((input, ctx) => {
    if (!input.applyUrl === !input.applyEmail)
      ctx.addIssue({
        code: 'custom',
        path: ['applyUrl'],
        message: 'Give either a web address or an e-mail address to apply to (one of them).',
      });
    if (given(input.salaryMin) && given(input.salaryMax) && input.salaryMin > input.salaryMax)
      ctx.addIssue({
        code: 'custom',
        path: ['salaryMin'],
        message: 'The lowest salary cannot be higher than the highest.',
      });
    if ((given(input.salaryMin) || given(input.salaryMax)) && !input.salaryCurrency)
      ctx.addIssue({ code: 'custom', path: ['salaryCurrency'], message: 'Choose the salary currency.' });
  });
export type JobListingInput = z.infer<typeof jobListingSchema>;

/** Board search: words and the filters. Unknown filter values are refused, not ignored. */
export const jobSearchSchema = z.object({
  query: z
    .string()
    .trim()
    .max(JOB_QUERY_MAX, `Keep the search to ${JOB_QUERY_MAX} characters.`)
    .nullish()
    .transform((value) => value ?? ''),
  workplace: z.enum(WORKPLACES, { error: 'Choose remote, hybrid or on-site.' }).nullish(),
  jobFunction: refKey('jobFunctions', 'job function').nullish(),
  jobIndustry: refKey('jobIndustries', 'industry').nullish(),
  jobLevel: refKey('jobLevels', 'level').nullish(),
  employerProfileId: z.uuid('Not an employer.').nullish(),
});
export type JobSearchInput = z.input<typeof jobSearchSchema>;
export type JobSearch = z.infer<typeof jobSearchSchema>;

export const jobAlertSchema = jobSearchSchema
  .omit({ employerProfileId: true })
  .refine(
    (alert) =>
      Boolean(alert.query || alert.workplace || alert.jobFunction || alert.jobIndustry || alert.jobLevel),
    {
      message: 'Choose at least a keyword or a filter for the alert.',
    },
  );
export type JobAlertInput = z.input<typeof jobAlertSchema>;

export const reviewJobSchema = z.object({
  jobId: z.uuid('Not a job listing.'),
  decision: z.enum(['APPROVE', 'REJECT']),
  reason: z.string().trim().max(500, 'Keep the reason to 500 characters.').nullish(),
});
export type ReviewJobInput = z.infer<typeof reviewJobSchema>;

export const jobIdSchema = z.object({ jobId: z.uuid('Not a job listing.') });
export const alertIdSchema = z.object({ alertId: z.uuid('Not a job alert.') });
export const updateJobSchema = z.object({ jobId: z.uuid('Not a job listing.'), listing: jobListingSchema });

/** Parses with the schema; a refusal is a FieldValidationError naming every field at once. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fieldValidationErrorFrom(result.error.issues);
  return result.data;
}
