import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { createSecurityHeaders, HSTS, NONCE_HEADER, servedOverHttps } from './security-headers';

function exchange(headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket());
  Object.assign(req.headers, headers);
  return { req, res: new ServerResponse(req) };
}

describe('createSecurityHeaders', () => {
  it('sets every header, and a fresh nonce on the request in place of any the client sent', () => {
    const security = createSecurityHeaders(parseServerEnv({}));
    const { req, res } = exchange({
      'content-security-policy': "script-src 'nonce-mine'",
      'content-security-policy-report-only': "script-src 'nonce-mine'",
      [NONCE_HEADER]: 'mine',
    });
    const nonce = security.apply(req, res);
    expect(nonce).not.toBe('mine');
    expect(req.headers[NONCE_HEADER]).toBe(nonce);
    expect(req.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(req.headers['content-security-policy-report-only']).toBeUndefined();
    expect(res.getHeader('content-security-policy')).toBe(req.headers['content-security-policy']);
    expect(res.getHeader('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.getHeader('x-content-type-options')).toBe('nosniff');
    expect(res.getHeader('x-frame-options')).toBe('DENY');
    expect(res.getHeader('permissions-policy')).toMatch(/(^|, )payment=\(\)/);
    expect(res.getHeader('permissions-policy')).toContain('publickey-credentials-get=()');
    expect(res.getHeader('reporting-endpoints')).toBe('csp="http://localhost:3000/api/csp-report/"');
    expect(res.getHeader('strict-transport-security')).toBeUndefined();
  });

  it('sends HSTS when the site is https', () => {
    const security = createSecurityHeaders(parseServerEnv({ SITE_URL: 'https://www.example.org' }));
    const { req, res } = exchange();
    security.apply(req, res);
    expect(res.getHeader('strict-transport-security')).toBe(HSTS);
  });
});

describe('servedOverHttps', () => {
  it('believes X-Forwarded-Proto only from a trusted proxy, and only its nearest entry', () => {
    expect(servedOverHttps(exchange({ 'x-forwarded-proto': 'https' }).req, 0)).toBe(false);
    expect(servedOverHttps(exchange({ 'x-forwarded-proto': 'https' }).req, 1)).toBe(true);
    expect(servedOverHttps(exchange({ 'x-forwarded-proto': 'https, http' }).req, 1)).toBe(false);
    expect(servedOverHttps(exchange({ 'x-forwarded-proto': 'http, https' }).req, 1)).toBe(true);
    expect(servedOverHttps(exchange().req, 2)).toBe(false);
  });

  it('sends HSTS on an http site behind a trusted proxy that terminated TLS', () => {
    const security = createSecurityHeaders(parseServerEnv({ IDENTITY_TRUSTED_PROXIES: '1' }));
    const { req, res } = exchange({ 'x-forwarded-proto': 'https' });
    security.apply(req, res);
    expect(res.getHeader('strict-transport-security')).toBe(HSTS);
    const plain = exchange({ 'x-forwarded-proto': 'http' });
    security.apply(plain.req, plain.res);
    expect(plain.res.getHeader('strict-transport-security')).toBeUndefined();
  });
});
