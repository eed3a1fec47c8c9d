'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ConfirmAcademicEmailMutation,
  ValidateAcademicEmailMutation,
} from '../../client/graphql/students.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

type Field = 'email' | 'graduationYear' | 'code';

type Phase =
  | { kind: 'address'; busy: boolean }
  | { kind: 'code'; email: string; institution: string | null; busy: boolean }
  | { kind: 'done'; email: string };

const EMAIL_PATTERN = /^[A-Za-z0-9+._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,10}$/;
const FAILED_TEXT = 'That did not work just now. Nothing has changed: please try again.';

/**
 * The student validation: the academic address and graduation year, a code sent to the address, then
 * the code. Each refusal sits next to its field and takes the focus; an address we cannot accept points
 * to the student desk.
 */
export function StudentValidationForm(props: { currentYear: number; maxYearsAhead: number }) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'address', busy: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [focusTarget, setFocusTarget] = useState<{ to: Field | 'done'; at: number } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.to === 'done') doneRef.current?.focus();
    else document.getElementById(`student-${focusTarget.to}`)?.focus();
  }, [focusTarget]);
  const focus = (to: Field | 'done') => setFocusTarget({ to, at: Date.now() });
  const fail = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (['email', 'graduationYear', 'code'] as const).find((f) => found[f]);
    if (first) focus(first);
  };
  const byField = (fieldErrors: readonly { path: readonly string[]; message: string }[]) => {
    const found: Partial<Record<Field, string>> = {};
    for (const e of fieldErrors) {
      const field = e.path.at(-1) as Field | undefined;
      if (field && !found[field]) found[field] = e.message;
    }
    return found;
  };

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind !== 'address' || phase.busy) return;
    setAlert(null);
    setRefused(false);
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const yearText = String(form.get('graduationYear') ?? '').trim();
    const found: Partial<Record<Field, string>> = {};
    if (!email) found.email = 'Enter your academic e-mail address.';
    else if (!EMAIL_PATTERN.test(email)) found.email = 'Enter an e-mail address like name@university.ac.uk.';
    if (!/^\d{4}$/.test(yearText)) found.graduationYear = 'Enter the year you graduate, like 2028.';
    if (Object.keys(found).length > 0) return fail(found);
    setErrors({});
    setPhase({ kind: 'address', busy: true });
    try {
      const data = await runMutation(client, ValidateAcademicEmailMutation, {
        input: { email, graduationYear: Number(yearText) },
      });
      const result = data.validateAcademicEmail;
      setPhase({ kind: 'address', busy: false });
      switch (result.__typename) {
        case 'AcademicEmailCodeSent':
          setCode('');
          setPhase({
            kind: 'code',
            email: result.email,
            institution: result.institution ?? null,
            busy: false,
          });
          return focus('code');
        case 'ZodError': {
          const fields = byField(result.fieldErrors);
          return Object.keys(fields).length > 0 ? fail(fields) : setAlert(result.message);
        }
        case 'InvalidAcademicEmailError':
          setRefused(true);
          return fail({ email: result.message });
        case 'AuthError':
          return setAlert('Your session has ended. Sign in again to verify your academic address.');
        default:
          return setAlert(result.message);
      }
    } catch {
      setPhase({ kind: 'address', busy: false });
      setAlert(FAILED_TEXT);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind !== 'code' || phase.busy) return;
    setAlert(null);
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) return fail({ code: 'The code is the 6 digits in the e-mail.' });
    setErrors({});
    setPhase({ ...phase, busy: true });
    try {
      const data = await runMutation(client, ConfirmAcademicEmailMutation, { input: { code: digits } });
      const result = data.confirmAcademicEmail;
      setPhase({ ...phase, busy: false });
      switch (result.__typename) {
        case 'UserAcademicData':
          setPhase({ kind: 'done', email: result.email });
          return focus('done');
        case 'ZodError':
          return fail({ code: byField(result.fieldErrors).code ?? result.message });
        case 'AcademicEmailConfirmationError':
          return fail({ code: result.message });
        case 'AuthError':
          return setAlert('Your session has ended. Sign in again to verify your academic address.');
        default:
          return setAlert(result.message);
      }
    } catch {
      setPhase({ ...phase, busy: false });
      setAlert(FAILED_TEXT);
    }
  }

  const input = 'w-full max-w-md rounded border border-muted bg-paper px-3 py-2';
  const button = 'rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60';
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`student-${field}-error`} className="mt-1 text-sm text-accent">
        {errors[field]}
      </p>
    ) : null;
  const aria = (field: Field) => ({
    'aria-invalid': Boolean(errors[field]) || undefined,
    'aria-describedby': errors[field] ? `student-${field}-error` : undefined,
  });

  if (phase.kind === 'done')
    return (
      <div ref={doneRef} tabIndex={-1} role="status" className="mt-6 space-y-4">
        <p className="break-words font-medium">Your academic address {phase.email} is verified.</p>
        <p>
          <Link
            href="/subscriptions/students/payment/"
            className="inline-block rounded bg-accent px-5 py-2 font-medium text-accent-ink no-underline"
          >
            Continue to payment
          </Link>
        </p>
      </div>
    );

  return (
    <div className="mt-6 space-y-4">
      {alert ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {alert}
        </p>
      ) : null}
      {phase.kind === 'address' ? (
        <form onSubmit={(event) => void sendCode(event)} noValidate className="space-y-4">
          <div>
            <label htmlFor="student-email" className="mb-1 block text-sm font-medium">
              Academic e-mail address
            </label>
            <input
              id="student-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              className={input}
              aria-required
              {...aria('email')}
            />
            {errorOf('email')}
            {refused ? (
              <p className="mt-1 text-sm">
                Studying somewhere we do not recognise?{' '}
                <Link href="/contact/student/">Contact our student desk</Link> and we will check your
                enrolment.
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="student-graduationYear" className="mb-1 block text-sm font-medium">
              Graduation year
            </label>
            <input
              id="student-graduationYear"
              name="graduationYear"
              inputMode="numeric"
              maxLength={4}
              placeholder={String(props.currentYear + 2)}
              className={`${input} max-w-[8rem]`}
              aria-required
              {...aria('graduationYear')}
            />
            <p className="mt-1 text-sm text-muted">
              From {props.currentYear} to {props.currentYear + props.maxYearsAhead}.
            </p>
            {errorOf('graduationYear')}
          </div>
          <button
            type="submit"
            disabled={phase.busy || !hydrated}
            aria-busy={phase.busy || undefined}
            className={button}
          >
            {phase.busy ? 'Sending code…' : 'Send code'}
          </button>
        </form>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate className="space-y-4">
          <p role="status" className="break-words">
            We sent a 6-digit code to {phase.email}
            {phase.institution ? ` (${phase.institution})` : ''}. It is valid for 15 minutes.
          </p>
          <div>
            <label htmlFor="student-code" className="mb-1 block text-sm font-medium">
              Code from the e-mail
            </label>
            <input
              id="student-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className={`${input} max-w-[12rem] tracking-widest`}
              aria-required
              {...aria('code')}
            />
            {errorOf('code')}
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={phase.busy || !hydrated}
              aria-busy={phase.busy || undefined}
              className={button}
            >
              {phase.busy ? 'Confirming…' : 'Confirm'}
            </button>
            <button
              type="button"
              className="underline"
              disabled={phase.busy}
              onClick={() => {
                setErrors({});
                setPhase({ kind: 'address', busy: false });
                focus('email');
              }}
            >
              Use another address or send a new code
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
