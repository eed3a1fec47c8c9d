'use client';

import { useEffect, type FormEvent, type ReactNode } from 'react';
import {
  readPendingSignIn,
  recordPendingSignIn,
  type PendingSignIn,
} from '../../client/auth/pending-sign-in';
import { safeStorage } from '../../client/auth/storage-keys';

/**
 * A flow form that posts straight to the identity provider. When submitting it can sign the reader in,
 * the sign-in is remembered as soon as the form is shown (a submit before the page is interactive still
 * counts) and again on submit with the connection used, so the page the provider returns to fetches the
 * product token at once.
 */
export function SignInForm(props: {
  action: string;
  method: string;
  kind: PendingSignIn['kind'] | undefined;
  className?: string;
  children: ReactNode;
}) {
  useEffect(() => {
    if (props.kind && !readPendingSignIn(safeStorage, new Date()))
      recordPendingSignIn(safeStorage, { kind: props.kind, connection: 'email' }, new Date());
  }, [props.kind]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!props.kind) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const provider =
      submitter instanceof HTMLButtonElement && submitter.name === 'provider' ? submitter.value : '';
    const connection = provider === 'google' || provider === 'apple' ? provider : 'email';
    recordPendingSignIn(safeStorage, { kind: props.kind, connection }, new Date());
  };
  return (
    <form action={props.action} method={props.method} className={props.className} onSubmit={onSubmit}>
      {props.children}
    </form>
  );
}
