'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { PostJobListingMutation, UpdateJobListingMutation } from '../../client/graphql/careers.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

type Option = { key: string; title: string };

export interface JobFormValues {
  jobId: string | null;
  employerProfileId: string;
  title: string;
  location: string;
  workplace: 'REMOTE' | 'HYBRID' | 'ON_SITE';
  jobFunction: string;
  jobIndustry: string;
  jobLevel: string;
  salaryMin: string;
  salaryMax: string;
  salaryCurrency: string;
  closesAt: string;
  description: string;
  applyBy: 'url' | 'email';
  applyUrl: string;
  applyEmail: string;
}

/** Plain text becomes paragraphs; text with tags is sent as it is (the server sanitises it). */
const toHtml = (text: string) =>
  /<[a-z]/i.test(text)
    ? text
    : text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p>`)
        .join('');

/** The employer's form to post a listing, or edit one (which sends it back to review). */
export function JobListingForm({
  initial,
  employers,
  options,
  currencies,
}: {
  initial: JobFormValues;
  employers: Option[];
  options: { workplaces: Option[]; jobFunctions: Option[]; jobIndustries: Option[]; jobLevels: Option[] };
  currencies: readonly string[];
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<
    { kind: 'idle' | 'working' | 'done' } | { kind: 'error'; message: string }
  >({
    kind: 'idle',
  });
  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'working' });
    setErrors({});
    const number = (s: string) => (s.trim() === '' ? null : Number(s.replace(/[,\s]/g, '')));
    const input = {
      employerProfileId: values.employerProfileId,
      title: values.title,
      location: values.location,
      workplace: values.workplace,
      jobFunction: values.jobFunction,
      jobIndustry: values.jobIndustry,
      jobLevel: values.jobLevel,
      salaryMin: number(values.salaryMin),
      salaryMax: number(values.salaryMax),
      salaryCurrency: values.salaryCurrency || null,
      closesAt: values.closesAt,
      descriptionHtml: toHtml(values.description),
      applyUrl: values.applyBy === 'url' ? values.applyUrl : null,
      applyEmail: values.applyBy === 'email' ? values.applyEmail : null,
    };
    try {
      const result = values.jobId
        ? (
            await runMutation(client, UpdateJobListingMutation, {
              input: { jobId: values.jobId, listing: input },
            })
          ).updateJobListing
        : (await runMutation(client, PostJobListingMutation, { input })).postJobListing;
      if (result.__typename === 'JobListing') {
        setState({ kind: 'done' });
        router.push('/user/organisations/jobs/?sent=1');
        router.refresh();
      } else if (result.__typename === 'ZodError') {
        const byField: Record<string, string> = {};
        for (const e of result.fieldErrors) byField[e.path.at(-1) ?? 'form'] ??= e.message;
        if (byField.descriptionHtml) byField.description = byField.descriptionHtml;
        setErrors(byField);
        setState({ kind: 'error', message: 'Some of the details need changing: see the marked fields.' });
      } else setState({ kind: 'error', message: result.message });
    } catch {
      setState({ kind: 'error', message: 'The listing could not be sent. Please try again.' });
    }
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: 'rounded border border-rule px-3 py-2',
  });
  const label = (name: string, text: string) => (
    <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
      {text}
    </label>
  );
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-accent">
        {errors[name]}
      </p>
    ) : null;
  const select = (
    name: 'jobFunction' | 'jobIndustry' | 'jobLevel' | 'workplace',
    text: string,
    list: Option[],
  ) => (
    <div className="grid gap-1">
      {label(name, text)}
      <select
        {...field(name)}
        value={values[name]}
        onChange={(e) => set(name, e.target.value as never)}
        required
      >
        <option value="">Choose…</option>
        {list.map((o) => (
          <option key={o.key} value={o.key}>
            {o.title}
          </option>
        ))}
      </select>
      {error(name)}
    </div>
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4"
      aria-label={values.jobId ? 'Edit listing' : 'Post a job'}
    >
      <div className="grid gap-1">
        {label('employerProfileId', 'Employer')}
        <select
          {...field('employerProfileId')}
          value={values.employerProfileId}
          onChange={(e) => set('employerProfileId', e.target.value)}
        >
          {employers.map((o) => (
            <option key={o.key} value={o.key}>
              {o.title}
            </option>
          ))}
        </select>
        {error('employerProfileId')}
      </div>
      <div className="grid gap-1">
        {label('title', 'Job title')}
        <input
          {...field('title')}
          value={values.title}
          maxLength={150}
          onChange={(e) => set('title', e.target.value)}
          required
        />
        {error('title')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1">
          {label('location', 'Location')}
          <input
            {...field('location')}
            value={values.location}
            maxLength={150}
            onChange={(e) => set('location', e.target.value)}
            required
          />
          {error('location')}
        </div>
        {select('workplace', 'Workplace', options.workplaces)}
        {select('jobFunction', 'Job function', options.jobFunctions)}
        {select('jobIndustry', 'Industry', options.jobIndustries)}
        {select('jobLevel', 'Level', options.jobLevels)}
        <div className="grid gap-1">
          {label('closesAt', 'Closing date')}
          <input
            {...field('closesAt')}
            type="date"
            value={values.closesAt}
            onChange={(e) => set('closesAt', e.target.value)}
            required
          />
          {error('closesAt')}
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">Yearly salary (optional)</legend>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <div className="grid gap-1">
            {label('salaryMin', 'From')}
            <input
              {...field('salaryMin')}
              inputMode="numeric"
              value={values.salaryMin}
              onChange={(e) => set('salaryMin', e.target.value)}
            />
            {error('salaryMin')}
          </div>
          <div className="grid gap-1">
            {label('salaryMax', 'To')}
            <input
              {...field('salaryMax')}
              inputMode="numeric"
              value={values.salaryMax}
              onChange={(e) => set('salaryMax', e.target.value)}
            />
            {error('salaryMax')}
          </div>
          <div className="grid gap-1">
            {label('salaryCurrency', 'Currency')}
            <select
              {...field('salaryCurrency')}
              value={values.salaryCurrency}
              onChange={(e) => set('salaryCurrency', e.target.value)}
            >
              <option value="">—</option>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {error('salaryCurrency')}
          </div>
        </div>
      </fieldset>
      <div className="grid gap-1">
        {label('description', 'Description')}
        <p className="text-sm text-muted">
          Leave a blank line between paragraphs. Simple formatting (bold, lists, links) is kept.
        </p>
        <textarea
          {...field('description')}
          rows={10}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          required
        />
        {error('description')}
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">How to apply</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-apply`}
            checked={values.applyBy === 'url'}
            onChange={() => set('applyBy', 'url')}
          />
          On a web page
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-apply`}
            checked={values.applyBy === 'email'}
            onChange={() => set('applyBy', 'email')}
          />
          By e-mail
        </label>
        {values.applyBy === 'url' ? (
          <div className="grid gap-1">
            {label('applyUrl', 'Application web address')}
            <input
              {...field('applyUrl')}
              type="url"
              value={values.applyUrl}
              placeholder="https://"
              onChange={(e) => set('applyUrl', e.target.value)}
            />
            {error('applyUrl')}
          </div>
        ) : (
          <div className="grid gap-1">
            {label('applyEmail', 'Application e-mail address')}
            <input
              {...field('applyEmail')}
              type="email"
              value={values.applyEmail}
              onChange={(e) => set('applyEmail', e.target.value)}
            />
            {error('applyEmail') ?? error('applyUrl')}
          </div>
        )}
      </fieldset>
      {state.kind === 'error' ? (
        <p role="alert" className="text-accent">
          {state.message}
        </p>
      ) : null}
      <p>
        <button
          type="submit"
          disabled={!hydrated || state.kind === 'working'}
          className="rounded bg-ink px-4 py-2 text-paper disabled:opacity-60"
        >
          {state.kind === 'working'
            ? 'Sending…'
            : values.jobId
              ? 'Save and send for review'
              : 'Send for review'}
        </button>
      </p>
    </form>
  );
}
