import { readCookie } from '@bof/http/cookies';

/** The page that resolves a login-policy mark (spec §2). */
export const LOGIN_POLICY_PATH = '/user/login-policy-warning/';

/**
 * Set by the auth endpoint while the account holds more sessions than the login policy allows; it only
 * routes the browser to the warning page (ADR 5: the server decides, the mark is advisory).
 */
export const LOGIN_POLICY_COOKIE = 'bof_login_policy';

/** Whether the auth endpoint has flagged this browser's session for the login-policy warning. */
export function loginPolicyFlagged(cookieHeader: string): boolean {
  return Boolean(readCookie(cookieHeader, LOGIN_POLICY_COOKIE));
}
