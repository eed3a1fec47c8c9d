/**
 * Spec §5/§8 rules of the fraud-detection library, checked before the library is called, with its
 * messages verbatim.
 */
export const FRAUD_MESSAGES = {
  wrongKey: 'missing or wrong publishableKey',
  missingData: 'missing user or event data',
  missingConfiguration: 'missing configuration',
} as const;

/** Stable codes for the failures above. */
export class FraudDetectionError extends Error {
  constructor(
    readonly code: 'wrong_publishable_key' | 'missing_configuration',
    message: string,
  ) {
    super(message);
    this.name = 'FraudDetectionError';
  }
}

/** A publishable key is 35 characters starting `pk_`. */
export function isPublishableKey(key: unknown): key is string {
  return typeof key === 'string' && key.length === 35 && key.startsWith('pk_');
}

export interface FraudUser {
  id: string;
  email?: string;
}

export interface FraudEventInput {
  user?: FraudUser;
  userJwt?: string;
  name?: string;
}

/**
 * Whether an event carries what the library needs: a user or a user token always, and a name for form
 * and custom events. Page events need no name.
 */
export function hasEventData(kind: 'page' | 'form' | 'custom', input: FraudEventInput): boolean {
  const hasUser = Boolean(input.user?.id) || Boolean(input.userJwt);
  if (!hasUser) return false;
  return kind === 'page' || Boolean(input.name);
}
