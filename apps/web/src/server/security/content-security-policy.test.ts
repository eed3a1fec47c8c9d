import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import {
  contentSecurityPolicy,
  createNonce,
  inlineScriptHashes,
  noncePolicy,
  policySources,
} from './content-security-policy';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part === name || part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

const embedded = parseServerEnv({});
const production = parseServerEnv({
  EMBEDDED: '1',
  SITE_URL: 'https://www.example.org',
  STATIC_BASE_URL: 'https://static.example.org',
  ANALYTICS_COLLECTOR_URL: 'https://collector.example.org',
  AD_PIXEL_ENABLED: '1',
  AD_PIXEL_ID_DEV: '1234567890',
  TAG_MANAGER_ENABLED: '1',
  TAG_MANAGER_ID_DEV: 'GTM-ABC123',
  MESSAGING_API_KEY: '00000000-0000-4000-8000-000000000001',
  FRAUD_DETECTION_PUBLISHABLE_KEY: 'pk_' + 'a'.repeat(32),
  SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/42',
  RECURLY_API_KEY: 'x'.repeat(32),
  RECURLY_SUBDOMAIN: 'bof',
  RECURLY_PUBLIC_KEY: 'ewr1-abcdefgh',
  RECURLY_WEBHOOK_SECRETS: 'y'.repeat(32),
  RECURLY_REGION: 'eu',
});

// Outside the embedded mode the consent layer's files come from the static base URL.
const withStaticConsent = {
  ...production,
  analytics: {
    ...production.analytics,
    consentAssets: {
      kind: 'static' as const,
      scriptUrl: 'https://static.example.org/vanilla-cookieconsent/3.1.0/cookieconsent.umd.js',
      styleUrl: 'https://static.example.org/vanilla-cookieconsent/3.1.0/cookieconsent.css',
    },
  },
};

describe('the Content-Security-Policy', () => {
  it('on the embedded defaults allows scripts from the site and by the nonce only', () => {
    const policy = contentSecurityPolicy(policySources(embedded), { nonce: 'bm9uY2Vub25jZW5vbmNlMQ==' });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-bm9uY2Vub25jZW5vbmNlMQ=='"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'report-uri')).toEqual(['/api/csp-report/']);
    // Stories' videos play in the privacy-enhanced player's frame.
    expect(directive(policy, 'frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('lists each configured vendor by the origin its settings name, and nothing unconfigured', () => {
    const sources = policySources(withStaticConsent);
    const policy = contentSecurityPolicy(sources, { nonce: 'n' });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      'https://connect.facebook.net',
      'https://js.recurly.com',
      'https://static.example.org',
      'https://www.googletagmanager.com',
    ]);
    const connect = directive(policy, 'connect-src')!;
    for (const origin of [
      'https://collector.example.org',
      'https://sdk.fra-02.braze.eu',
      'https://m.castle.io',
      'https://o1.ingest.sentry.io',
      'https://api.eu.recurly.com',
      'https://www.facebook.com',
    ])
      expect(connect).toContain(origin);
    expect(connect.join(' ')).not.toContain('abc@');
    expect(directive(policy, 'frame-src')).toEqual([
      "'self'",
      'https://api.eu.recurly.com',
      'https://js.recurly.com',
      'https://www.youtube-nocookie.com',
    ]);
    expect(directive(policy, 'style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://static.example.org',
      'https://use.fontawesome.com',
    ]);
    expect(directive(policy, 'upgrade-insecure-requests')).toEqual([]);

    // The embedded defaults name none of them.
    const plain = contentSecurityPolicy(policySources(embedded), { nonce: 'n' });
    for (const origin of ['facebook', 'recurly', 'castle', 'braze', 'googletagmanager'])
      expect(plain).not.toContain(origin);
  });

  it('lets the development server evaluate code and open its socket, and only it', () => {
    const policy = contentSecurityPolicy(policySources(embedded, { development: true }), { nonce: 'n' });
    expect(directive(policy, 'script-src')).toContain("'unsafe-eval'");
    expect(directive(policy, 'connect-src')).toContain('ws:');
  });

  it('for a stored page allows its inline scripts by hash, and no nonce', () => {
    const policy = contentSecurityPolicy(policySources(embedded), { hashes: ['sha256-abc='] });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'sha256-abc='"]);
  });
});

describe('noncePolicy', () => {
  it('gives the same policy as contentSecurityPolicy for every nonce, on every configuration', () => {
    for (const [env, options] of [
      [embedded, {}],
      [withStaticConsent, {}],
      [embedded, { development: true }],
    ] as const) {
      const sources = policySources(env, options);
      const withNonce = noncePolicy(sources);
      for (const nonce of [createNonce(), createNonce(), 'bm9uY2Vub25jZW5vbmNlMQ==']) {
        expect(withNonce(nonce)).toBe(contentSecurityPolicy(sources, { nonce }));
      }
    }
  });
});

describe('createNonce', () => {
  it('makes 128 random bits, different every time', () => {
    // Across several refills of the pool.
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script, skipping external scripts and data blocks', async () => {
    const run = '(self.__next_f=self.__next_f||[]).push([0])';
    const html =
      `<script src="/_next/static/chunks/a.js" nonce="x" async></script>` +
      `<script nonce="x">${run}</script>` +
      `<script type="application/ld+json">{"@type":"NewsArticle"}</script>` +
      `<script>${run}</script><script nonce="x">self.__next_f.push([1,"é"])</script>`;
    const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
    expect(await inlineScriptHashes(html)).toEqual([sha(run), sha('self.__next_f.push([1,"é"])')]);
  });
});
