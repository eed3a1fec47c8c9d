import { createHash } from 'node:crypto';

/**
 * How often a password appears in known breaches: a count (0 when never), or null when the answer could
 * not be had (the service is unreachable, slow or answered something else).
 */
export type BreachedPasswordCheck = (password: string) => Promise<number | null>;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The public Pwned Passwords range API (Have I Been Pwned). */
export const PWNED_PASSWORDS_URL = 'https://api.pwnedpasswords.com';

/**
 * The k-anonymity breached-password check of the Pwned Passwords range API: only the first five hex
 * characters of the password's SHA-1 leave the server (`GET /range/{prefix}`, with `Add-Padding` so the
 * answer's size says nothing either); the suffix is looked up in the answer here.
 *
 * It fails open, as Kratos's `ignore_network_errors` does by default: when the service cannot answer within
 * `timeoutMs`, the password is judged by the local checks alone (zxcvbn and its common-password list) and
 * the failure is logged, at most once a minute, so an outage of a third party never stops sign-ups.
 */
export function createPwnedPasswordsCheck(
  options: {
    baseUrl?: string;
    fetch?: Fetch;
    timeoutMs?: number;
    log?: (message: string) => void;
    now?: () => number;
  } = {},
): BreachedPasswordCheck {
  const base = (options.baseUrl ?? PWNED_PASSWORDS_URL).replace(/\/+$/, '');
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 2000;
  const log = options.log ?? ((message) => console.warn(message));
  const now = options.now ?? Date.now;
  let lastLogged = -Infinity;
  const unavailable = (detail: string): null => {
    if (now() - lastLogged >= 60_000) {
      lastLogged = now();
      log(`The breached-password check is unavailable (${detail}); passwords are judged without it.`);
    }
    return null;
  };

  return async (password) => {
    const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = hash.slice(0, 5);
    const suffix = hash.slice(5);
    let body: string;
    try {
      const response = await doFetch(`${base}/range/${prefix}`, {
        headers: { 'add-padding': 'true', 'user-agent': 'bof-identity' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return unavailable(`it answered ${response.status}`);
      body = await response.text();
    } catch (error) {
      return unavailable(error instanceof Error ? error.message : String(error));
    }
    for (const line of body.split('\n')) {
      const [candidate, count] = line.trim().split(':');
      // Padding entries carry a count of 0.
      if (candidate?.toUpperCase() === suffix) return Number.parseInt(count ?? '0', 10) || 0;
    }
    return 0;
  };
}
