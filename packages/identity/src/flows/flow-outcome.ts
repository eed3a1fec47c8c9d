import type { IdentityRecord } from '../store/identity-store';
import type { FlowRecord } from '../store/flow-store';
import type { SessionRecord } from '../store/session-store';

/** What a flow submission led to; the HTTP layer turns it into a redirect or JSON, per client. */
export type FlowOutcome =
  /** The flow is shown again (validation error, code sent…), answered with `status` to JSON clients. */
  | { kind: 'flow'; flow: FlowRecord; status: 200 | 400; continueWith?: Record<string, unknown>[] }
  /** A new session: the browser gets the cookie, native clients the token. */
  | {
      kind: 'session';
      flow: FlowRecord;
      session: SessionRecord;
      token: string;
      identity: IdentityRecord;
      returnTo: string;
      continueWith: Record<string, unknown>[];
      /** Registration answers with the identity as well (`successfulNativeRegistration`). */
      registration?: boolean;
      /** A browser form goes here instead of `returnTo` (e.g. the verification screen). */
      browserRedirect?: string;
    }
  /**
   * The browser must go to a sign-in provider: a form gets a 303, a script a 422 with
   * `redirect_browser_to` (Kratos `browser_location_change_required`); `cookies` bind the browser.
   */
  | { kind: 'provider'; flow: FlowRecord; to: string; cookies: string[] }
  /**
   * Kratos gave up on the flow and made a new one (stored) carrying the message: a browser form goes to
   * its screen; a JSON client is sent to fetch it (`get`, recovery) or told with 410
   * `self_service_flow_replaced` (`replaced`, verification).
   */
  | { kind: 'retry'; flow: FlowRecord; replacement: FlowRecord; json: 'get' | 'replaced' }
  /** The browser must go elsewhere (e.g. the settings screen after recovery). */
  | {
      kind: 'redirect';
      flow: FlowRecord;
      to: string;
      continueWith: Record<string, unknown>[];
      session?: { token: string };
    };
