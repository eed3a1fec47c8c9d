/** Castle's answer for a sign-in: let it through, mark it challenged, or refuse it. */
export type RiskVerdict = 'allow' | 'challenge' | 'deny';

export interface RiskCheckInput {
  requestToken: string;
  /** `$registration` for a new account's first sign-in, `$login` otherwise. */
  event: '$login' | '$registration';
  userId: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The verdict and whether Castle gave it. `decided: false` is the failover when Castle could not answer
 * (an outage, a timeout, an error of ours): the sign-in goes through, and the next refresh asks again.
 */
export interface RiskOutcome {
  verdict: RiskVerdict;
  decided: boolean;
}

/** The port the session refresh asks; absent when fraud detection is not configured. */
export type RiskCheck = (input: RiskCheckInput) => Promise<RiskOutcome>;

export const CASTLE_RISK_URL = 'https://api.castle.io/v1/risk';

/**
 * Castle's verdict on a sign-in that came without a request token. Castle's own guidance for a missing or
 * invalid request token is to deny ("likely a bad actor bypassing fingerprinting"): every browser with
 * the fraud-detection library sends one, so only a client that skips it arrives without.
 */
export const MISSING_TOKEN_VERDICT: RiskVerdict = 'deny';

/**
 * Castle's server-side risk API (`POST /v1/risk`, HTTP Basic with the API secret). A request token Castle
 * refuses as invalid (422 `invalid_request_token`) is denied, as a missing one is. Any other failure (a
 * timeout, an outage, another error) lets the sign-in through undecided and is logged: Castle's guidance
 * is to fail open, so an outage of the risk service does not lock every reader out.
 */
export function createCastleRiskCheck(options: {
  apiSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}): RiskCheck {
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const authorization = `Basic ${Buffer.from(`:${options.apiSecret}`).toString('base64')}`;
  const failOpen: RiskOutcome = { verdict: 'allow', decided: false };
  return async (input) => {
    try {
      const response = await doFetch(CASTLE_RISK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({
          request_token: input.requestToken,
          event: input.event,
          status: '$succeeded',
          user: { id: input.userId, email: input.email },
          context: { ip: input.ip, headers: input.userAgent ? { 'User-Agent': input.userAgent } : {} },
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 1000),
      });
      if (response.status === 422) {
        const body = (await response.json().catch(() => ({}))) as { type?: string };
        if (body.type === 'invalid_request_token') return { verdict: 'deny', decided: true };
      }
      if (!response.ok) {
        log(`Castle answered ${response.status}; allowing the sign-in`);
        return failOpen;
      }
      const body = (await response.json()) as { policy?: { action?: string } };
      const action = body.policy?.action;
      if (action === 'allow' || action === 'challenge' || action === 'deny')
        return { verdict: action, decided: true };
      log(`Castle answered an unknown action ${String(action)}; allowing the sign-in`);
      return failOpen;
    } catch (error) {
      log('Castle could not be asked; allowing the sign-in', error);
      return failOpen;
    }
  };
}
