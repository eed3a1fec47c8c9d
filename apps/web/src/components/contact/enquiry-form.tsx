'use client';

import { useActionState, useEffect, useRef } from 'react';
import { sendEnquiryAction } from '../../app/contact/[kind]/send-enquiry';
import { EMPTY_ENQUIRY } from './enquiry-form-state';

type Field = 'name' | 'email' | 'organisation' | 'message';
const ORDER: Field[] = ['name', 'email', 'organisation', 'message'];
const MESSAGE_MAX = 5000;

/**
 * The contact pages' form. It posts to a server action, so it works before the page's scripts load (the
 * page comes back with the errors or the reference); with scripts, the first field at fault takes focus.
 */
export function EnquiryForm({ kind, desk }: { kind: string; desk: string }) {
  const [state, action, pending] = useActionState(sendEnquiryAction, EMPTY_ENQUIRY);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLHeadingElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state.status === 'sent') return void sent.current?.focus();
    const first = ORDER.find((field) => state.errors[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else if (state.message) notice.current?.focus();
  }, [state]);

  if (state.status === 'sent')
    return (
      <div className="mt-8 rounded border border-rule bg-surface p-6" role="status">
        <h2 ref={sent} tabIndex={-1} className="font-serif text-2xl font-bold">
          Thank you: your message is with our {desk} team
        </h2>
        <p className="mt-3">
          We have sent a copy to <strong>{state.email}</strong> and will answer within two working days.
        </p>
        <p className="mt-2 text-sm text-muted">Reference: {state.reference}</p>
      </div>
    );

  const field = (name: Field) => ({
    id: `enquiry-${name}`,
    name,
    defaultValue: state.values[name],
    'aria-invalid': state.errors[name] ? true : undefined,
    'aria-describedby': state.errors[name] ? `enquiry-${name}-error` : undefined,
    className:
      'mt-1 block w-full rounded border border-rule bg-paper px-3 py-2 text-base aria-[invalid=true]:border-accent',
  });
  const error = (name: Field) =>
    state.errors[name] ? (
      <p id={`enquiry-${name}-error`} className="mt-1 text-sm text-accent">
        {state.errors[name]}
      </p>
    ) : null;

  return (
    <form ref={form} action={action} noValidate className="mt-8 grid max-w-xl gap-5" aria-busy={pending}>
      <h2 className="font-serif text-2xl font-bold">Write to us</h2>
      {state.message ? (
        <p
          ref={notice}
          tabIndex={-1}
          role="alert"
          className="rounded border border-accent px-3 py-2 text-accent"
        >
          {state.message}
        </p>
      ) : null}
      <input type="hidden" name="kind" value={kind} />
      <div>
        <label htmlFor="enquiry-name" className="font-medium">
          Your name
        </label>
        <input {...field('name')} autoComplete="name" maxLength={120} required />
        {error('name')}
      </div>
      <div>
        <label htmlFor="enquiry-email" className="font-medium">
          E-mail address
        </label>
        <input {...field('email')} type="email" autoComplete="email" maxLength={254} required />
        {error('email')}
      </div>
      <div>
        <label htmlFor="enquiry-organisation" className="font-medium">
          Organisation <span className="font-normal text-muted">(optional)</span>
        </label>
        <input {...field('organisation')} autoComplete="organization" maxLength={160} />
        {error('organisation')}
      </div>
      <div>
        <label htmlFor="enquiry-message" className="font-medium">
          Your message
        </label>
        <textarea {...field('message')} rows={7} maxLength={MESSAGE_MAX} required />
        {error('message') ?? (
          <p className="mt-1 text-sm text-muted">
            Up to 5,000 characters. We answer within two working days.
          </p>
        )}
      </div>
      <div>
        <button
          type="submit"
          disabled={pending}
          className="rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60"
        >
          {pending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
