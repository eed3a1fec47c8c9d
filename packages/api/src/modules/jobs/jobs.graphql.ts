import { builder } from '../../builder';
import { AuthError } from '../../errors/auth-error';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { JOB_ERROR_CODES, JobError } from './jobs.errors';
import {
  alertIdSchema,
  jobAlertSchema,
  jobIdSchema,
  jobListingSchema,
  reviewJobSchema,
  updateJobSchema,
  WORKPLACES,
} from './jobs.inputs';
import type { JobAlertView, JobView, RefView } from './jobs.module';
import type { EmployerRef } from './jobs.repo';

for (const code of JOB_ERROR_CODES) registerResultError(code, JobError);

builder.objectType(JobError, {
  name: 'JobError',
  description: 'A careers operation refused; `code` says why (stable, snake_case).',
  interfaces: [ErrorInterface],
  fields: (t) => ({ code: t.exposeString('code') }),
});

export const JobWorkplaceEnum = builder.enumType('JobWorkplace', {
  description: 'Where the work is done.',
  values: WORKPLACES,
});

const JobReferenceType = builder.objectRef<RefView>('JobReference').implement({
  description: 'An entry of a reference list (jobFunctions, jobIndustries, jobLevels).',
  fields: (t) => ({ key: t.exposeString('key'), title: t.exposeString('title') }),
});

const JobSalaryType = builder.objectRef<NonNullable<JobView['salary']>>('JobSalary').implement({
  description: 'A yearly salary range in whole units of `currency`; either end may be missing.',
  fields: (t) => ({
    min: t.exposeInt('min', { nullable: true }),
    max: t.exposeInt('max', { nullable: true }),
    currency: t.exposeString('currency'),
  }),
});

const JobEmployerType = builder.objectRef<JobView['employer']>('JobEmployer').implement({
  description: 'The organisation profile a listing is for.',
  fields: (t) => ({
    profileId: t.exposeID('profileId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
  }),
});

export const JobListingType = builder.objectRef<JobView>('JobListing').implement({
  description: 'A job listing of the careers board.',
  fields: (t) => ({
    jobId: t.exposeID('id'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    employer: t.field({ type: JobEmployerType, resolve: (j) => j.employer }),
    location: t.exposeString('location'),
    workplace: t.field({ type: JobWorkplaceEnum, resolve: (j) => j.workplace }),
    jobFunction: t.field({ type: JobReferenceType, resolve: (j) => j.jobFunction }),
    jobIndustry: t.field({ type: JobReferenceType, resolve: (j) => j.jobIndustry }),
    jobLevel: t.field({ type: JobReferenceType, resolve: (j) => j.jobLevel }),
    salary: t.field({ type: JobSalaryType, nullable: true, resolve: (j) => j.salary }),
    closesAt: t.expose('closesAt', { type: DateTimeScalar }),
    descriptionHtml: t.exposeString('descriptionHtml', { description: 'Sanitised HTML.' }),
    applyUrl: t.exposeString('applyUrl', { nullable: true }),
    applyEmail: t.exposeString('applyEmail', { nullable: true }),
    featured: t.exposeBoolean('featured'),
    status: t.exposeString('status', { description: 'pending, published or rejected.' }),
    rejectedReason: t.exposeString('rejectedReason', { nullable: true }),
    publishedAt: t.expose('publishedAt', { type: DateTimeScalar, nullable: true }),
    open: t.exposeBoolean('open', { description: 'On the board: published and not closed.' }),
  }),
});

const JobSearchResultType = builder
  .objectRef<{ jobs: JobView[]; total: number }>('JobSearchResult')
  .implement({
    fields: (t) => ({
      jobs: t.field({ type: [JobListingType], resolve: (r) => r.jobs }),
      total: t.exposeInt('total'),
    }),
  });

const JobAlertType = builder.objectRef<JobAlertView>('JobAlert').implement({
  description: 'A saved search e-mailed weekly with new matching listings.',
  fields: (t) => ({
    alertId: t.exposeID('id'),
    query: t.exposeString('query'),
    workplace: t.field({ type: JobWorkplaceEnum, nullable: true, resolve: (a) => a.workplace }),
    jobFunction: t.field({ type: JobReferenceType, nullable: true, resolve: (a) => a.jobFunction }),
    jobIndustry: t.field({ type: JobReferenceType, nullable: true, resolve: (a) => a.jobIndustry }),
    jobLevel: t.field({ type: JobReferenceType, nullable: true, resolve: (a) => a.jobLevel }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
  }),
});

const JobPosterEmployerType = builder.objectRef<EmployerRef>('JobPosterEmployer').implement({
  description: 'An organisation profile the reader posts listings for.',
  fields: (t) => ({
    profileId: t.exposeID('profileId'),
    title: t.exposeString('title'),
    slug: t.exposeString('slug'),
  }),
});

const JobSearchInput = builder.inputType('JobSearchInput', {
  fields: (t) => ({
    query: t.string(),
    workplace: t.field({ type: JobWorkplaceEnum }),
    jobFunction: t.string({ description: 'A key of jobFunctions.' }),
    jobIndustry: t.string({ description: 'A key of jobIndustries.' }),
    jobLevel: t.string({ description: 'A key of jobLevels.' }),
  }),
});

type ListingFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];
const listingFields = (t: ListingFields) => ({
  employerProfileId: t.id({ required: true }),
  title: t.string({ required: true }),
  location: t.string({ required: true }),
  workplace: t.field({ type: JobWorkplaceEnum, required: true }),
  jobFunction: t.string({ required: true }),
  jobIndustry: t.string({ required: true }),
  jobLevel: t.string({ required: true }),
  salaryMin: t.float({ description: 'Yearly, whole units; a fractional one gets a field error.' }),
  salaryMax: t.float(),
  salaryCurrency: t.string(),
  closesAt: t.string({ required: true, description: 'A date (YYYY-MM-DD) or an instant.' }),
  descriptionHtml: t.string({ required: true, description: 'Rich text; sanitised when stored.' }),
  applyUrl: t.string({ description: 'http or https only. Give this or applyEmail.' }),
  applyEmail: t.string(),
});

const JobListingInput = builder.inputType('JobListingInput', {
  description: 'A listing as its employer writes it (inside UpdateJobListingInput).',
  fields: listingFields,
});

const PostJobListingInput = builder
  .inputType('PostJobListingInput', { fields: listingFields })
  .validate(jobListingSchema);

builder.queryField('jobs', (t) =>
  t.field({
    type: JobSearchResultType,
    description: 'The careers board: open listings matching the search, newest first.',
    args: { search: t.arg({ type: JobSearchInput }), first: t.arg.int() },
    errors: { types: [FieldValidationError], directResult: true },
    resolve: (_root, { search, first }, ctx) =>
      ctx.services.careers.search(search ?? {}, Math.min(Math.max(first ?? 50, 1), 100)),
  }),
);

builder.queryField('job', (t) =>
  t.field({
    type: JobListingType,
    description:
      'A published listing by slug, open or closed lately (job_not_found, or job_closed when gone).',
    args: { slug: t.arg.string({ required: true }) },
    errors: { types: [JobError], directResult: true },
    resolve: async (_root, { slug }, ctx) => {
      const page = await ctx.services.careers.page(slug);
      if (page.state === 'gone') throw new JobError('job_closed');
      if (page.state === 'not-found') throw new JobError('job_not_found');
      return page.job;
    },
  }),
);

builder.queryField('mySavedJobs', (t) =>
  t.field({
    type: [JobListingType],
    authScopes: { loggedIn: true },
    errors: { types: [AuthError] },
    resolve: (_root, _args, ctx) => ctx.services.careers.saved(ctx.viewer),
  }),
);

builder.queryField('myJobAlerts', (t) =>
  t.field({
    type: [JobAlertType],
    authScopes: { loggedIn: true },
    errors: { types: [AuthError] },
    resolve: (_root, _args, ctx) => ctx.services.careers.alerts(ctx.viewer),
  }),
);

builder.queryField('myJobEmployers', (t) =>
  t.field({
    type: [JobPosterEmployerType],
    description: 'The organisation profiles the reader posts listings for (OWNER or ADMIN of the account).',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError] },
    resolve: (_root, _args, ctx) => ctx.services.careers.employers(ctx.viewer),
  }),
);

builder.queryField('myEmployerJobs', (t) =>
  t.field({
    type: [JobListingType],
    description: "Every listing of the reader's employers, any status.",
    authScopes: { loggedIn: true },
    errors: { types: [AuthError] },
    resolve: (_root, _args, ctx) => ctx.services.careers.employerListings(ctx.viewer),
  }),
);

builder.queryField('pendingJobListings', (t) =>
  t.field({
    type: [JobListingType],
    description: 'Listings awaiting approval (newsroom admins).',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError] },
    resolve: (_root, _args, ctx) => ctx.services.careers.pending(ctx.viewer),
  }),
);

builder.mutationField('postJobListing', (t) =>
  t.field({
    type: JobListingType,
    description: 'Posts a listing for an employer the reader manages; it is published once approved.',
    args: { input: t.arg({ type: PostJobListingInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, JobError], directResult: true },
    resolve: (_root, { input }, ctx) => ctx.services.careers.submit(ctx.viewer, input),
  }),
);

const UpdateJobListingInput = builder
  .inputType('UpdateJobListingInput', {
    fields: (t) => ({
      jobId: t.id({ required: true }),
      listing: t.field({ type: JobListingInput, required: true }),
    }),
  })
  .validate(updateJobSchema);

builder.mutationField('updateJobListing', (t) =>
  t.field({
    type: JobListingType,
    description: 'Edits a listing; it goes back to review.',
    args: { input: t.arg({ type: UpdateJobListingInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, JobError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.careers.update(ctx.viewer, String(input.jobId), input.listing),
  }),
);

const ReviewJobDecision = builder.enumType('JobReviewDecision', { values: ['APPROVE', 'REJECT'] as const });

const ReviewJobListingInput = builder
  .inputType('ReviewJobListingInput', {
    fields: (t) => ({
      jobId: t.id({ required: true }),
      decision: t.field({ type: ReviewJobDecision, required: true }),
      reason: t.string({ description: 'Shown to the employer when the listing is rejected.' }),
    }),
  })
  .validate(reviewJobSchema);

builder.mutationField('reviewJobListing', (t) =>
  t.field({
    type: JobListingType,
    description: 'Approves (publishes) or rejects a pending listing (newsroom admins).',
    args: { input: t.arg({ type: ReviewJobListingInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, JobError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.careers.review(ctx.viewer, { ...input, jobId: String(input.jobId) }),
  }),
);

const JobIdInput = builder
  .inputType('JobIdInput', { fields: (t) => ({ jobId: t.id({ required: true }) }) })
  .validate(jobIdSchema);

builder.mutationField('saveJob', (t) =>
  t.field({
    type: JobListingType,
    description: 'Saves an open listing to the reader’s jobs.',
    args: { input: t.arg({ type: JobIdInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, JobError], directResult: true },
    resolve: (_root, { input }, ctx) => ctx.services.careers.save(ctx.viewer, String(input.jobId)),
  }),
);

const UnsavedJobType = builder.objectRef<{ jobId: string }>('UnsavedJob').implement({
  fields: (t) => ({ jobId: t.exposeID('jobId') }),
});

builder.mutationField('unsaveJob', (t) =>
  t.field({
    type: UnsavedJobType,
    description: 'Takes a listing off the reader’s saved jobs.',
    args: { input: t.arg({ type: JobIdInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError], directResult: true },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.careers.unsave(ctx.viewer, String(input.jobId));
      return { jobId: String(input.jobId) };
    },
  }),
);

const CreateJobAlertInput = builder
  .inputType('CreateJobAlertInput', {
    fields: (t) => ({
      query: t.string(),
      workplace: t.field({ type: JobWorkplaceEnum }),
      jobFunction: t.string({ description: 'A key of jobFunctions.' }),
      jobIndustry: t.string({ description: 'A key of jobIndustries.' }),
      jobLevel: t.string({ description: 'A key of jobLevels.' }),
    }),
  })
  .validate(jobAlertSchema);

builder.mutationField('createJobAlert', (t) =>
  t.field({
    type: JobAlertType,
    description:
      'Saves a search (at least a keyword or a filter) as an alert e-mailed weekly with new matching listings.',
    args: { input: t.arg({ type: CreateJobAlertInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, JobError], directResult: true },
    resolve: (_root, { input }, ctx) => ctx.services.careers.createAlert(ctx.viewer, input),
  }),
);

const DeleteJobAlertInput = builder
  .inputType('DeleteJobAlertInput', { fields: (t) => ({ alertId: t.id({ required: true }) }) })
  .validate(alertIdSchema);

const DeletedJobAlertType = builder.objectRef<{ alertId: string }>('DeletedJobAlert').implement({
  fields: (t) => ({ alertId: t.exposeID('alertId') }),
});

builder.mutationField('deleteJobAlert', (t) =>
  t.field({
    type: DeletedJobAlertType,
    args: { input: t.arg({ type: DeleteJobAlertInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, FieldValidationError, JobError], directResult: true },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.careers.deleteAlert(ctx.viewer, String(input.alertId));
      return { alertId: String(input.alertId) };
    },
  }),
);
