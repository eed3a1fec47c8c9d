import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ServerEnv } from '@bof/config/server';
import {
  contentSecurityPolicy,
  createNonce,
  noncePolicy,
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  policySources,
} from './content-security-policy';

/** The request header that carries this response's script nonce to the pages (no client can supply it). */
export const NONCE_HEADER = 'x-nonce';

/**
 * Powerful features the site does not use, each denied to the page and every frame in it. `payment` too:
 * Recurly.js's card fields are plain inputs in its frames, not the Payment Request API; and the
 * `publickey-credentials-*` pair, since the identity server's flows do not offer passkeys (enabling
 * them means allowing both for 'self').
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-create=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Two years, as browsers' preload lists ask; subdomains are left to their own servers. */
export const HSTS = 'max-age=63072000';

/**
 * Whether the browser reached the site over https: the socket is TLS, or the nearest trusted proxy
 * (IDENTITY_TRUSTED_PROXIES, as for client addresses) says so in X-Forwarded-Proto. Without a trusted
 * proxy the header is the client's own word and is ignored.
 */
export function servedOverHttps(req: IncomingMessage, trustedProxies: number): boolean {
  if ((req.socket as Partial<TLSSocket> | undefined)?.encrypted) return true;
  if (trustedProxies <= 0) return false;
  const header = req.headers['x-forwarded-proto'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  // Each proxy appends; the last entry is the nearest proxy's.
  const nearest = value.split(',').at(-1)?.trim().toLowerCase();
  return nearest === 'https';
}

export type SecurityHeaders = ReturnType<typeof createSecurityHeaders>;

/**
 * The security headers of every response, for the server entry: pages, API answers, the identity
 * server's answers and error pages alike. Each request gets a fresh nonce, which Next.js reads from the
 * request's Content-Security-Policy header and puts on every script it renders.
 */
export function createSecurityHeaders(
  env: Pick<ServerEnv, 'siteUrl' | 'identityBaseUrl' | 'analytics' | 'billing' | 'identity'>,
  options: { development?: boolean } = {},
) {
  const sources = policySources(env, options);
  const httpsSite = env.siteUrl.startsWith('https:');
  const reportingEndpoints = `${CSP_REPORT_GROUP}="${env.siteUrl}${CSP_REPORT_PATH}"`;
  const { trustedProxies } = env.identity;
  // Every response's policy differs only in its nonce: the rest is written once.
  const policyWithNonce = noncePolicy(sources);

  return {
    sources,
    /**
     * Sets the headers on `res` and hands the nonce to the page through `req`: a client-sent nonce or
     * policy header is replaced. Returns the nonce.
     */
    apply(req: IncomingMessage, res: ServerResponse): string {
      const nonce = createNonce();
      const policy = policyWithNonce(nonce);
      req.headers[NONCE_HEADER] = nonce;
      req.headers['content-security-policy'] = policy;
      delete req.headers['content-security-policy-report-only'];
      res.setHeader('content-security-policy', policy);
      res.setHeader('reporting-endpoints', reportingEndpoints);
      res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('x-frame-options', 'DENY');
      res.setHeader('permissions-policy', PERMISSIONS_POLICY);
      if (httpsSite || servedOverHttps(req, trustedProxies)) res.setHeader('strict-transport-security', HSTS);
      return nonce;
    },
    /** The policy of a stored page sent again: its own inline scripts by hash, no nonce. */
    policyForHashes(hashes: readonly string[]): string {
      return contentSecurityPolicy(sources, { hashes });
    },
  };
}
