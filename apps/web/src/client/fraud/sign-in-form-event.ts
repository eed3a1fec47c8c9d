import type { FraudEventInput } from './fraud-rules';

/** The sign-in forms that send a fraud-detection form event. */
export type SignInFormKind = 'login' | 'register';

/** The event's name per form (spec §5: form events need a name). */
export const SIGN_IN_FORM_NAMES: Record<SignInFormKind, string> = {
  login: 'Login',
  register: 'Registration',
};

// The identity provider's field for the address: `identifier` on login, `traits.email` on registration.
const ADDRESS_FIELDS = ['identifier', 'traits.email'];

/**
 * The form event of a sign-in form being submitted: its name, and the reader named by the address they
 * typed (before signing in there is no account id, and the library needs a user: the address stands in as
 * the id). Only the address is sent among the values, never a password or a code. Null when no address
 * was typed.
 */
export function signInFormEvent(
  kind: SignInFormKind,
  form: Pick<HTMLFormElement, 'elements'>,
): (FraudEventInput & { name: string; values: Record<string, string> }) | null {
  for (const field of ADDRESS_FIELDS) {
    const input = form.elements.namedItem(field);
    const value = input && 'value' in input ? String(input.value).trim() : '';
    if (value) {
      return {
        name: SIGN_IN_FORM_NAMES[kind],
        user: { id: value.toLowerCase(), email: value },
        values: { email: value },
      };
    }
  }
  return null;
}
