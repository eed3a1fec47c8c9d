import { IdentityApiError, IdentityFetchError } from '../identity/identity-errors';

export const FETCH_ERROR_TEXT = 'An error has occurred. Please try to login or register again.';
export const FALLBACK_ERROR_TEXT = 'Something went wrong!';

/**
 * The text shown for a sign-in error (spec §8): a fetch error gets the fixed sentence; any other error
 * "[id] message"; an error without a message "Something went wrong!".
 */
export function authErrorText(error: unknown): string {
  if (error instanceof IdentityFetchError || (error instanceof TypeError && /fetch/i.test(error.message))) {
    return FETCH_ERROR_TEXT;
  }
  const message = error instanceof Error ? error.message.trim() : '';
  if (!message) return FALLBACK_ERROR_TEXT;
  const id = error instanceof IdentityApiError ? error.errorId : (error as { id?: unknown }).id;
  return id ? `[${String(id)}] ${message}` : message;
}
