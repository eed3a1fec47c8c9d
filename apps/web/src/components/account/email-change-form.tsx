'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import {
  ConfirmEmailChangeMutation,
  RequestEmailChangeMutation,
} from '../../client/graphql/email-change.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

type Field = 'newEmail' | 'code';

type Phase =
  | { kind: 'address'; busy: boolean }
  | { kind: 'code'; newEmail: string; busy: boolean }
  | { kind: 'done'; email: string };

/** The client's own first check (spec §5's e-mail pattern); the server checks again, and more. */
const EMAIL_PATTERN = /^[A-Za-z0-9+._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,10}$/;
const REAUTH_TEXT = 'Sign in again to change your e-mail address';
const FAILED_TEXT = 'That did not work just now. Nothing has changed: please try again.';

/**
 * The account page's e-mail change: the new address, a code sent to it, then the code. Errors sit next to
 * their field and take the focus; a sign-in that is too old asks the reader to sign in again first. On
 * success the session token is refreshed so the header shows the new address.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const hydrated = useHydrated();
  const auth = useAuth();
  const router = useRouter();
  const client = useGraphQLClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'address', busy: false });
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<{ text: string; signInUrl?: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ to: Field | 'alert' | 'done'; at: number } | null>(null);

  // Focus follows what needs the reader next: the first error, the alert, the code field, the result.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.to === 'alert') alertRef.current?.focus();
    else if (focusTarget.to === 'done') doneRef.current?.focus();
    else document.getElementById(`email-change-${focusTarget.to}`)?.focus();
  }, [focusTarget]);
  const focus = (to: Field | 'alert' | 'done') => setFocusTarget({ to, at: Date.now() });

  const fail = (field: Field, message: string) => {
    setErrors({ [field]: message });
    focus(field);
  };
  const showAlert = (text: string, signInUrl?: string) => {
    setAlert({ text, ...(signInUrl ? { signInUrl } : {}) });
    focus('alert');
  };
  const fieldErrorOf = (field: Field, fieldErrors: readonly { path: readonly string[]; message: string }[]) =>
    fieldErrors.find((e) => e.path.at(-1) === field)?.message;

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind === 'done' || phase.busy) return;
    setAlert(null);
    // Read from the form: what was typed before the page's script ran is in the field, not in the state.
    const typed = String(new FormData(event.currentTarget).get('newEmail') ?? '');
    setNewEmail(typed);
    const address = typed.trim();
    if (!address) return fail('newEmail', 'Enter your new e-mail address.');
    if (!EMAIL_PATTERN.test(address))
      return fail('newEmail', 'Enter an e-mail address like name@example.com.');
    if (address.toLowerCase() === currentEmail.toLowerCase())
      return fail('newEmail', 'This is already your e-mail address.');
    setErrors({});
    setPhase({ kind: 'address', busy: true });
    try {
      const data = await runMutation(client, RequestEmailChangeMutation, { input: { newEmail: address } });
      const result = data.requestEmailChange;
      setPhase({ kind: 'address', busy: false });
      switch (result.__typename) {
        case 'EmailChangeRequested':
          setCode('');
          setPhase({ kind: 'code', newEmail: result.newEmail, busy: false });
          return focus('code');
        case 'ZodError':
          return fail('newEmail', fieldErrorOf('newEmail', result.fieldErrors) ?? result.message);
        case 'SessionRefreshRequiredError':
          return showAlert(REAUTH_TEXT, result.redirectBrowserTo);
        case 'AuthError':
          return showAlert('Your session has ended. Sign in again to change your e-mail address.');
        default:
          return showAlert(result.message);
      }
    } catch {
      setPhase({ kind: 'address', busy: false });
      showAlert(FAILED_TEXT);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind !== 'code' || phase.busy) return;
    setAlert(null);
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) return fail('code', 'The code is the 6 digits in the e-mail.');
    setErrors({});
    setPhase({ ...phase, busy: true });
    try {
      const data = await runMutation(client, ConfirmEmailChangeMutation, { input: { code: digits } });
      const result = data.confirmEmailChange;
      if (result.__typename === 'EmailChanged') {
        // The token names the old address until it is refreshed; the header follows the new one.
        await auth.store.forceRefresh().catch(() => undefined);
        setPhase({ kind: 'done', email: result.email });
        focus('done');
        router.refresh();
        return;
      }
      setPhase({ ...phase, busy: false });
      if (result.__typename === 'ZodError')
        return fail('code', fieldErrorOf('code', result.fieldErrors) ?? result.message);
      if (result.__typename === 'SessionRefreshRequiredError')
        return showAlert(`${REAUTH_TEXT}, then ask for a new code.`, result.redirectBrowserTo);
      showAlert(
        result.__typename === 'AuthError'
          ? 'Your session has ended. Sign in again to change your e-mail address.'
          : result.message,
      );
    } catch {
      setPhase({ ...phase, busy: false });
      showAlert(FAILED_TEXT);
    }
  }

  const startOver = () => {
    setErrors({});
    setAlert(null);
    setPhase({ kind: 'address', busy: false });
    focus('newEmail');
  };

  const input = 'w-full max-w-md rounded border border-muted bg-paper px-3 py-2';
  const button = 'rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60';
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`email-change-${field}-error`} className="mt-1 text-sm text-accent">
        {errors[field]}
      </p>
    ) : null;
  const aria = (field: Field) => ({
    'aria-invalid': Boolean(errors[field]) || undefined,
    'aria-describedby': errors[field] ? `email-change-${field}-error` : undefined,
  });

  if (phase.kind === 'done')
    return (
      <p ref={doneRef} tabIndex={-1} role="status" className="mt-4 break-words font-medium">
        Your e-mail address is now {phase.email}.
      </p>
    );

  return (
    <div className="mt-4 space-y-4">
      {alert ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded border border-accent px-3 py-2 text-accent"
        >
          <p>{alert.text}</p>
          {alert.signInUrl ? (
            <p className="mt-1">
              {/* A plain link: the identity provider answers it with a redirect, not a page of this app. */}
              <a href={alert.signInUrl} className="font-medium underline">
                Sign in again
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      {phase.kind === 'address' ? (
        <form onSubmit={(event) => void sendCode(event)} noValidate className="space-y-3">
          <p className="break-words text-sm text-muted">Your e-mail address is {currentEmail}.</p>
          <div>
            <label htmlFor="email-change-newEmail" className="mb-1 block text-sm font-medium">
              New e-mail address
            </label>
            <input
              id="email-change-newEmail"
              name="newEmail"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              className={input}
              aria-required
              {...aria('newEmail')}
            />
            {errorOf('newEmail')}
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
        <form onSubmit={(event) => void confirm(event)} noValidate className="space-y-3">
          <p role="status" className="break-words">
            We sent a 6-digit code to {phase.newEmail}. It is valid for 10 minutes.
          </p>
          <div>
            <label htmlFor="email-change-code" className="mb-1 block text-sm font-medium">
              Code from the e-mail
            </label>
            <input
              id="email-change-code"
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
            <button type="button" onClick={startOver} disabled={phase.busy} className="underline">
              Use another address or send a new code
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
