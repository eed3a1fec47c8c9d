import { createHash } from 'node:crypto';
import { expect, request, test, type APIResponse } from './support/test';
import { storiesWith } from './support/demo-stories';
import { e2eBase } from './support/site';

// The security headers on every kind of answer the server gives (docs/security.md §3), as a client sees
// them over HTTP: a page, API answers, the identity server's, an error page, a story from the page cache.

const [openStory] = storiesWith('free');

/** The nonce a policy allows scripts by, or null. */
const nonceOf = (policy: string) => /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy)?.[1] ?? null;
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

function expectSecurityHeaders(response: APIResponse): string {
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  expect(directive(policy, 'script-src')).toMatch(/^script-src 'self' /);
  expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
  expect(directive(policy, 'script-src')).not.toContain('unsafe-eval');
  expect(policy).toContain('report-uri /api/csp-report/');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('payment=()');
  // The site under test is served over plain http, so no HSTS (it would be ignored there anyway).
  expect(headers['strict-transport-security']).toBeUndefined();
  return policy;
}

test('a page, API answers, identity answers and error pages all carry the security headers', async () => {
  const client = await request.newContext({ baseURL: e2eBase });
  try {
    // A page: its scripts carry the nonce its policy names, a fresh one each time.
    const home = await client.get('/');
    expect(home.status()).toBe(200);
    const nonce = nonceOf(expectSecurityHeaders(home));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await home.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(3);
    for (const attributes of scripts.filter((a) => !a.includes('application/ld+json')))
      expect(attributes).toContain(`nonce="${nonce}"`);
    const again = await client.get('/');
    expect(nonceOf(again.headers()['content-security-policy']!)).not.toBe(nonce);

    // A page rendered once at build time elsewhere (legal) is rendered per request here, with its nonce.
    const legal = await client.get('/legal/');
    expect(legal.status()).toBe(200);
    const legalNonce = nonceOf(expectSecurityHeaders(legal));
    expect(await legal.text()).toContain(`nonce="${legalNonce}"`);

    // API answers.
    const health = await client.get('/api/health/');
    expect(health.status()).toBe(200);
    expectSecurityHeaders(health);
    const graphql = await client.post('/api/graphql', { data: { query: '{ __typename }' } });
    expect(graphql.status()).toBe(200);
    expectSecurityHeaders(graphql);

    // The identity server's answers, a refusal included.
    const whoami = await client.get('/identity/sessions/whoami');
    expect(whoami.status()).toBe(401);
    expectSecurityHeaders(whoami);
    const flow = await client.get('/identity/self-service/login/api');
    expect(flow.status()).toBe(200);
    expectSecurityHeaders(flow);

    // Error pages.
    const missing = await client.get('/no-such-page/');
    expect(missing.status()).toBe(404);
    const missingNonce = nonceOf(expectSecurityHeaders(missing));
    expect(await missing.text()).toContain(`nonce="${missingNonce}"`);
    const missingStory = await client.get('/articles/news-analysis/no-such-story/');
    expect(missingStory.status()).toBe(404);
    expectSecurityHeaders(missingStory);
  } finally {
    await client.dispose();
  }
});

test('a nonce or policy sent by the client is never the one the page gets', async () => {
  const client = await request.newContext({
    baseURL: e2eBase,
    extraHTTPHeaders: {
      'content-security-policy': "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='",
      'x-nonce': 'AAAAAAAAAAAAAAAAAAAAAA==',
    },
  });
  try {
    const home = await client.get('/');
    const nonce = nonceOf(home.headers()['content-security-policy']!);
    expect(nonce).not.toBe('AAAAAAAAAAAAAAAAAAAAAA==');
    const html = await home.text();
    expect(html).not.toContain('AAAAAAAAAAAAAAAAAAAAAA');
    expect(html).toContain(`nonce="${nonce}"`);
  } finally {
    await client.dispose();
  }
});

test('a story served again from the page cache allows its own scripts by hash, never the nonce it holds', async ({
  page,
}) => {
  const client = await request.newContext({
    baseURL: e2eBase,
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  try {
    await client.get(openStory!.path);
    const hit = await client.get(openStory!.path);
    // From the cache: fresh, or stale (stored over a minute ago by another journey) while it renders again.
    expect(hit.headers()['x-bof-story-cache']).toMatch(/^(hit|stale)$/);
    const policy = expectSecurityHeaders(hit);
    const scriptSources = directive(policy, 'script-src');
    expect(nonceOf(policy)).toBeNull();
    const html = await hit.text();
    const stored = /<script\b[^>]*nonce="([^"]+)"/.exec(html)?.[1];
    expect(stored).toBeTruthy();
    expect(policy).not.toContain(stored!);
    // Every inline script the page runs has its hash in the policy.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, text]) => !/\ssrc=/.test(attributes!) && !attributes!.includes('ld+json') && text,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text] of inline) {
      const hash = createHash('sha256').update(text!, 'utf8').digest('base64');
      expect(scriptSources).toContain(`'sha256-${hash}'`);
    }
    // In the browser the cached page runs: its scripts hydrate it under that policy, with no violation
    // (the journey's own check fails the test on any).
    await page.goto(openStory!.path);
    // Journeys share the server: another one publishing a story (the newsroom's) empties the page cache
    // between two loads, so the page is loaded again until it comes from the cache.
    await expect
      .poll(async () => (await page.goto(openStory!.path))!.headers()['x-bof-story-cache'], {
        timeout: 30_000,
      })
      .toMatch(/^(hit|stale)$/);
    await page.waitForLoadState('load');
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }),
    ).toBeVisible();
  } finally {
    await client.dispose();
  }
});

test('the payment page cannot be framed, and runs without a policy violation', async ({
  page,
  cspViolations,
}) => {
  // The journey's own check (support/test.ts) fails the test on any violation while the page works.
  const payment = `/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP`;
  const response = await page.goto(payment);
  expect(response!.status()).toBe(200);
  expect(directive(response!.headers()['content-security-policy']!, 'frame-ancestors')).toBe(
    "frame-ancestors 'none'",
  );
  await page.goto('/api/health/');
  expect(cspViolations).toEqual([]);
  // Framed by another page, the browser refuses to show it; the check hears of that refusal.
  await page.setContent(`<iframe src="${e2eBase}${payment}"></iframe>`);
  await expect.poll(() => cspViolations.join('\n')).toContain('frame-ancestors');
  cspViolations.splice(0);
});

test('violation reports are read, and a body that is no report is refused', async () => {
  const client = await request.newContext({ baseURL: e2eBase });
  try {
    const report = await client.post('/api/csp-report/', {
      headers: { 'content-type': 'application/csp-report' },
      data: JSON.stringify({
        'csp-report': {
          'document-uri': `${e2eBase}/`,
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
        },
      }),
    });
    expect(report.status()).toBe(204);
    const junk = await client.post('/api/csp-report/', { data: { hello: 'world' } });
    expect(junk.status()).toBe(400);
  } finally {
    await client.dispose();
  }
});
