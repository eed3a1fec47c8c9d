import { clientIp } from '@bof/http/client-ip';
import { readCookie, setCookieHeader } from '@bof/http/cookies';
import type { IdentityConfig } from '../identity-config';
import type { FlowContext } from '../flows/flow-context';
import type { SessionRecord } from '../store/session-store';
import { csrfCookieName, newCsrfSecret } from './csrf';
import { errors } from './kratos-error';
import { isAllowedReturnTo } from './return-to';
import { sessionTokenOf } from './session-cookie';

/** What the node listener knows of a request that the fetch API does not carry. */
export interface ClientInfo {
  /** The socket's peer address. */
  remoteAddress?: string;
}

/**
 * What the routes read from a request: its session, its validated `return_to`, and the per-request
 * context the flows run with.
 */
export function createRequestContext(deps: {
  config: IdentityConfig;
  clock: () => Date;
  /** The stores and services every flow runs with; the rest of its context is per request. */
  services: Omit<FlowContext, 'config' | 'now' | 'client' | 'session' | 'csrfSecret'>;
}) {
  const { config, clock, services } = deps;
  const csrfCookie = csrfCookieName(config.publicBaseUrl);

  /** The session a request carries, if any and active. */
  async function sessionOf(request: Request, now: Date): Promise<SessionRecord | undefined> {
    const token = sessionTokenOf(request);
    return token ? services.sessions.findByToken(token, now) : undefined;
  }

  /**
   * Per-request state for the flows: the session, the client, and the browser's CSRF secret (made, with
   * its cookie in `setCookies`, when the browser has none; a caller answering an API flow drops it).
   */
  async function contextFor(
    request: Request,
    info: ClientInfo | undefined,
  ): Promise<{ ctx: FlowContext; setCookies: string[] }> {
    const now = clock();
    const session = await sessionOf(request, now);
    const setCookies: string[] = [];
    let csrfSecret = readCookie(request.headers.get('cookie'), csrfCookie);
    if (!csrfSecret || !/^[A-Za-z0-9_-]{43}$/.test(csrfSecret)) {
      csrfSecret = newCsrfSecret();
      setCookies.push(
        setCookieHeader(csrfCookie, csrfSecret, {
          secure: config.secureCookies,
          httpOnly: true,
          maxAgeSeconds: 31_536_000,
        }),
      );
    }
    const ctx: FlowContext = {
      config,
      ...services,
      now,
      client: {
        ip:
          clientIp({
            socketAddress: info?.remoteAddress,
            forwardedFor: request.headers.get('x-forwarded-for'),
            trustedProxies: config.trustedProxies,
          }) ?? undefined,
        userAgent: request.headers.get('user-agent') ?? undefined,
      },
      session,
      csrfSecret,
    };
    return { ctx, setCookies };
  }

  /** Validated `return_to`, or undefined when none was given. */
  function returnToOf(url: URL): string | undefined {
    const value = url.searchParams.get('return_to');
    if (!value) return undefined;
    if (!isAllowedReturnTo(value, config.allowedReturnUrls)) throw errors.returnToForbidden();
    return value;
  }

  return { csrfCookie, sessionOf, contextFor, returnToOf };
}

export type RequestContext = ReturnType<typeof createRequestContext>;
