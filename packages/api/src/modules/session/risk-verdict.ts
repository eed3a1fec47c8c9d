/** Castle's answer for a sign-in: let it through, mark it challenged, or refuse it. */
export type RiskVerdict = 'allow' | 'challenge' | 'deny';

export interface RiskCheckInput {
  requestToken: string;
  userId: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
}

/** The port the session refresh asks; absent when fraud detection is not configured. */
export type RiskCheck = (input: RiskCheckInput) => Promise<RiskVerdict>;

export const CASTLE_RISK_URL = 'https://api.castle.io/v1/risk';

/**
 * Castle's server-side risk API (`POST /v1/risk`, HTTP Basic with the API secret). A timeout or an
 * error lets the sign-in through (and is logged): an outage of the risk service must not lock every
 * reader out. Deny means no session; challenge sets the token's `is_challenged`.
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
  return async (input) => {
    try {
      const response = await doFetch(CASTLE_RISK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({
          request_token: input.requestToken,
          event: '$login',
          status: '$succeeded',
          user: { id: input.userId, email: input.email },
          context: { ip: input.ip, headers: input.userAgent ? { 'User-Agent': input.userAgent } : {} },
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 1000),
      });
      if (!response.ok) {
        log(`Castle answered ${response.status}; allowing the sign-in`);
        return 'allow';
      }
      const body = (await response.json()) as { policy?: { action?: string } };
      const action = body.policy?.action;
      return action === 'deny' || action === 'challenge' ? action : 'allow';
    } catch (error) {
      log('Castle could not be asked; allowing the sign-in', error);
      return 'allow';
    }
  };
}
