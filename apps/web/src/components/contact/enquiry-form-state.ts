/** What the contact form shows: the reader's values with any errors, or the sent enquiry's reference. */
export type EnquiryFormState =
  | {
      status: 'editing';
      values: { name: string; email: string; organisation: string; message: string };
      errors: Partial<Record<'kind' | 'name' | 'email' | 'organisation' | 'message', string>>;
      message: string | null;
    }
  | { status: 'sent'; reference: string; email: string };

export const EMPTY_ENQUIRY: EnquiryFormState = {
  status: 'editing',
  values: { name: '', email: '', organisation: '', message: '' },
  errors: {},
  message: null,
};
