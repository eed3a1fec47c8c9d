'use client';

import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { FRAUD_DETECTION } from '@bof/config/constants';
import { useClientConfig } from '../config/client-config';
import { getFraudDetection, type FraudDetection } from './fraud-detection';
import { signInFormEvent, type SignInFormKind } from './sign-in-form-event';

/**
 * The box around a sign-in form that sends a fraud-detection form event when the form is submitted
 * (spec §5: with a user and a name), then lets the submission go on. The form posts straight to the
 * identity provider, which would cut the event's request off, so the submission waits for it, at most the
 * library's request timeout, and is then made again with the same submit button. Without a sign-in kind,
 * or with fraud detection off, it is a plain box.
 */
export function FraudFormEvents(props: {
  form: SignInFormKind | undefined;
  className?: string;
  children: ReactNode;
}) {
  if (!props.form) return <div className={props.className}>{props.children}</div>;
  return <SignInFormBox {...props} form={props.form} />;
}

function SignInFormBox(props: { form: SignInFormKind; className?: string; children: ReactNode }) {
  const config = useClientConfig();
  const passing = useRef(new WeakSet<HTMLFormElement>());
  const fraud = useRef<FraudDetection | null>(null);
  const { form } = props;

  useEffect(() => {
    fraud.current = getFraudDetection(config);
    // Fetched now, so a submit does not wait for the library to arrive.
    fraud.current?.preload();
  }, [config]);

  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!fraud.current || event.defaultPrevented || !(target instanceof HTMLFormElement)) return;
    if (passing.current.delete(target)) return; // the submission made again below
    const formEvent = signInFormEvent(form, target);
    if (!formEvent) return; // nobody to name yet (a social button alone): nothing to send
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    event.preventDefault();
    const timeout = new Promise((resolve) => setTimeout(resolve, FRAUD_DETECTION.requestTimeoutMs + 200));
    void Promise.race([fraud.current.form(formEvent), timeout]).finally(() => {
      passing.current.add(target);
      target.requestSubmit(
        submitter instanceof HTMLElement && submitter.closest('form') === target ? submitter : null,
      );
    });
  };

  return (
    <div className={props.className} onSubmit={onSubmit}>
      {props.children}
    </div>
  );
}
