import { randomFillSync } from 'node:crypto';
import type { ServerEnv } from '@bof/config/server';
import { VIDEO_EMBED_ORIGIN } from '../../site/video-embeds';

/** Where browsers send Content-Security-Policy violation reports (answered by the site itself). */
export const CSP_REPORT_PATH = '/api/csp-report/';
/** The Reporting API group name the policy's `report-to` names (see the Reporting-Endpoints header). */
export const CSP_REPORT_GROUP = 'csp';

/**
 * Origins a vendor's script needs besides its own, for the vendors' default addresses: the ad pixel sends
 * its events to its main site, the tag manager's own tags report to its analytics hosts, Recurly.js's card
 * fields and 3-D Secure frames and its API live on its API host. Keyed by the script's host.
 */
const COMPANIONS: Record<string, { connect?: string[]; img?: string[]; frame?: string[] }> = {
  'connect.facebook.net': { connect: ['https://www.facebook.com'], img: ['https://www.facebook.com'] },
  'www.googletagmanager.com': {
    connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com'],
    img: ['https://www.google-analytics.com', 'https://*.google-analytics.com'],
  },
};

/** The messaging SDK draws its in-app messages' icons with this stylesheet and its fonts. */
const MESSAGING_ICON_ORIGIN = 'https://use.fontawesome.com';
/** The fraud-detection library's collector (a constant of the library, not configurable). */
const FRAUD_DETECTION_ORIGIN = 'https://m.castle.io';
const RECURLY_API_ORIGIN = { us: 'https://api.recurly.com', eu: 'https://api.eu.recurly.com' } as const;

const originOf = (address: string): string | null => {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The sources of each directive, derived from the validated configuration: the site itself ('self'),
 * then the origin of every configured third party that needs the directive. The nonce is added per
 * response. Only what is configured is listed: without a tag manager id, its host is not in the policy.
 */
export interface PolicySources {
  script: string[];
  style: string[];
  connect: string[];
  img: string[];
  font: string[];
  frame: string[];
  formAction: string[];
  /** The development server evaluates code (React's debugging and hot reloading) and opens a web socket. */
  development: boolean;
  /** https sites upgrade any plain-http subresource. */
  upgradeInsecureRequests: boolean;
}

export function policySources(
  env: Pick<ServerEnv, 'siteUrl' | 'identityBaseUrl' | 'analytics' | 'billing' | 'identity'>,
  options: { development?: boolean } = {},
): PolicySources {
  const site = originOf(env.siteUrl);
  const sets = {
    script: new Set<string>(),
    style: new Set<string>(),
    connect: new Set<string>(),
    img: new Set<string>(),
    font: new Set<string>(),
    frame: new Set<string>(),
    formAction: new Set<string>(),
  };
  type Directive = keyof typeof sets;
  const add = (directive: Directive, address: string | null | undefined) => {
    const origin = address ? (address.includes('*') ? address : originOf(address)) : null;
    if (origin && origin !== site) sets[directive].add(origin);
  };
  const addScriptVendor = (scriptUrl: string, also: Directive[] = []) => {
    add('script', scriptUrl);
    for (const directive of also) add(directive, scriptUrl);
    const host = originOf(scriptUrl) ? new URL(scriptUrl).host : '';
    const companions = COMPANIONS[host];
    for (const origin of companions?.connect ?? []) add('connect', origin);
    for (const origin of companions?.img ?? []) add('img', origin);
    for (const origin of companions?.frame ?? []) add('frame', origin);
  };

  const { analytics, billing, identity } = env;
  // Stories' video blocks, once the reader has accepted embeds or asked for the video.
  add('frame', VIDEO_EMBED_ORIGIN);
  add('connect', analytics.collectorUrl);
  if (analytics.consentAssets.kind === 'static') {
    add('script', analytics.consentAssets.scriptUrl);
    add('style', analytics.consentAssets.styleUrl);
  }
  if (analytics.adPixel) addScriptVendor(analytics.adPixel.scriptUrl, ['connect', 'img']);
  if (analytics.tagManager) addScriptVendor(analytics.tagManager.scriptUrl, ['connect', 'img']);
  if (analytics.messaging) {
    add('connect', analytics.messaging.baseUrl);
    add('img', analytics.messaging.baseUrl);
    add('style', MESSAGING_ICON_ORIGIN);
    add('font', MESSAGING_ICON_ORIGIN);
  }
  if (analytics.fraudDetection) add('connect', FRAUD_DETECTION_ORIGIN);
  if (analytics.sentryDsn) add('connect', analytics.sentryDsn);
  if (billing.recurly) {
    addScriptVendor(billing.recurly.scriptUrl, ['connect', 'frame', 'img']);
    const api = RECURLY_API_ORIGIN[billing.recurly.region];
    add('connect', api);
    add('frame', api);
    add('img', api);
  }
  // Sign-in forms post to the identity server, which may send the browser on to a social provider.
  add('formAction', env.identityBaseUrl);
  add('connect', env.identityBaseUrl);
  for (const provider of identity.oidcProviders) add('formAction', provider.issuerUrl);
  for (const address of identity.allowedReturnUrls) add('formAction', address);

  const list = (directive: Directive) => [...sets[directive]].sort();
  return {
    script: list('script'),
    style: list('style'),
    connect: list('connect'),
    img: list('img'),
    font: list('font'),
    frame: list('frame'),
    formAction: list('formAction'),
    development: options.development ?? false,
    upgradeInsecureRequests: site?.startsWith('https:') ?? false,
  };
}

// Nonces are cut from a pool of random bytes filled 256 nonces at a time: the same CSPRNG, one call into
// it per 256 requests instead of one per request (a story page served from the cache spent a tenth of its
// CPU in it). Each nonce's bytes are used once.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

/** A fresh nonce: 128 random bits, base64 (the form CSP and Next.js expect). */
export function createNonce(): string {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The Content-Security-Policy header value. Scripts run when they carry this response's nonce
 * (`{ nonce }`), or, for a page served again from the story page cache, when their text has one of the
 * page's hashes (`{ hashes }`, 'sha256-…' sources): never by 'unsafe-inline'. Scripts from the site
 * itself and from the configured vendors load by address.
 */
export function contentSecurityPolicy(
  sources: PolicySources,
  allow: { nonce: string } | { hashes: readonly string[] },
): string {
  const inline = 'nonce' in allow ? [`'nonce-${allow.nonce}'`] : allow.hashes.map((hash) => `'${hash}'`);
  const dev = sources.development;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inline, ...sources.script, ...(dev ? ["'unsafe-eval'"] : [])],
    // Inline styles stay allowed: React's style attributes and the consent layer's and messaging SDK's
    // injected styles; a style cannot run script.
    ['style-src', "'self'", "'unsafe-inline'", ...sources.style],
    ['img-src', "'self'", 'data:', 'blob:', ...sources.img],
    ['font-src', "'self'", 'data:', ...sources.font],
    ['connect-src', "'self'", ...sources.connect, ...(dev ? ['ws:', 'wss:'] : [])],
    ['frame-src', "'self'", ...sources.frame],
    ['media-src', "'self'", 'blob:'],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", ...sources.formAction],
    // Payment and account pages must never be framed (clickjacking); nor is any other page.
    ['frame-ancestors', "'none'"],
  ];
  if (sources.upgradeInsecureRequests) directives.push(['upgrade-insecure-requests']);
  directives.push(['report-uri', CSP_REPORT_PATH], ['report-to', CSP_REPORT_GROUP]);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * The policy of `contentSecurityPolicy(sources, { nonce })` as a function of the nonce, built once: the
 * server entry gives every response a policy, and only its nonce changes (issue 26).
 */
export function noncePolicy(sources: PolicySources): (nonce: string) => string {
  const marker = 'NONCE';
  const parts = contentSecurityPolicy(sources, { nonce: marker }).split(`'nonce-${marker}'`);
  const [before, after] = parts;
  if (parts.length !== 2 || before === undefined || after === undefined)
    throw new Error('The policy must name its nonce source exactly once.');
  return (nonce) => `${before}'nonce-${nonce}'${after}`;
}

/** The hashes ('sha256-…') of a page's inline scripts, for serving the same bytes again without a nonce. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || text.length === 0) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) are never run, so the policy need not allow them.
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    hashes.add(`sha256-${Buffer.from(digest).toString('base64')}`);
  }
  return [...hashes];
}
