import { PAYWALL_SESSION_COOKIE, SESSION_COOKIE } from '@bof/config/constants';
import { LOGIN_POLICY_COOKIE } from './login-policy';

/** The cookies that make this browser signed in to the product (and the login-policy mark). */
const PRODUCT_SESSION_COOKIES = [SESSION_COOKIE, PAYWALL_SESSION_COOKIE, LOGIN_POLICY_COOKIE] as const;

/** The `document.cookie` assignments that delete them, under the attributes they are set with. */
export function expiredSessionCookies(secure: boolean): string[] {
  return PRODUCT_SESSION_COOKIES.map(
    (name) => `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/**
 * Ends the product session in this browser at sign-out: deletes the session cookies here at once, then
 * asks the auth endpoint (DELETE), whose answer clears them too, so neither a page script's timing nor a
 * failed request leaves them behind. Rejects when the endpoint does not answer 2xx (the cookies are gone
 * from the browser all the same).
 */
export function createEndProductSession(deps: {
  endpoint: string;
  writeCookie: (assignment: string) => void;
  /** Whether the page is served over https (asked when signing out: the provider is built on the server too). */
  secure: () => boolean;
  fetch?: typeof fetch;
}): () => Promise<void> {
  return async () => {
    for (const assignment of expiredSessionCookies(deps.secure())) deps.writeCookie(assignment);
    const response = await (deps.fetch ?? fetch)(deps.endpoint, {
      method: 'DELETE',
      credentials: 'include',
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`Ending the product session answered ${response.status}`);
  };
}
