'use server';

import { headers } from 'next/headers';
import { runningServices } from '@bof/api/running-services';
import { CLIENT_ADDRESS_HEADER, clientIp } from '@bof/http/client-ip';
import { getServerViewer } from '../../../server/server-viewer';
import type { EnquiryFormState } from '../../../components/contact/enquiry-form-state';

const FIELDS = ['name', 'email', 'organisation', 'message'] as const;

/** The contact form's server action: works with and without JavaScript (the page re-renders with it). */
export async function sendEnquiryAction(
  _previous: EnquiryFormState,
  form: FormData,
): Promise<EnquiryFormState> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(FIELDS.map((field) => [field, text(field)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const { env, contact } = await runningServices();
  const viewer = await getServerViewer().catch(() => null);
  const request = await headers();
  // The sending address counts towards the day's limits, read as the auth endpoint reads it.
  const ip = clientIp({
    socketAddress: request.get(CLIENT_ADDRESS_HEADER),
    forwardedFor: request.get('x-forwarded-for'),
    trustedProxies: env.identity.trustedProxies,
  });
  const outcome = await contact.sendEnquiry(
    { kind: text('kind'), ...values },
    { userId: viewer?.user_id ?? null, ip },
  );
  switch (outcome.kind) {
    case 'sent':
      return { status: 'sent', reference: outcome.reference, email: outcome.email };
    case 'invalid': {
      const errors: Record<string, string> = {};
      for (const error of outcome.fieldErrors) errors[error.path[0] ?? 'form'] ??= error.message;
      return { status: 'editing', values, errors, message: null };
    }
    case 'refused':
      return { status: 'editing', values, errors: {}, message: outcome.message };
  }
}
