import { describe, expect, it } from 'vitest';
import { resolveRedirectTarget } from './redirect-target';

const site = 'https://www.example.org';
const current = `${site}/articles/news/a-story/?ref=home`;
const login = (target: string | null | undefined) =>
  resolveRedirectTarget(target, { kind: 'login', currentUrl: current, siteOrigin: site });
const logout = (target: string | null | undefined) =>
  resolveRedirectTarget(target, { kind: 'logout', currentUrl: current, siteOrigin: site });

describe('resolveRedirectTarget (spec §5)', () => {
  it('uses the current page when no target is given', () => {
    expect(login(undefined)).toBe(current);
    expect(login(null)).toBe(current);
  });

  it('makes relative targets absolute', () => {
    expect(login('/topics/beauty/')).toBe(`${site}/topics/beauty/`);
    expect(login('careers/')).toBe(`${site}/articles/news/a-story/careers/`);
    expect(login('?page=2')).toBe(`${site}/articles/news/a-story/?page=2`);
  });

  it('keeps an absolute target on the site', () => {
    expect(login(`${site}/user/account/`)).toBe(`${site}/user/account/`);
  });

  it('replaces a login target containing /user/confirm-email with the front page', () => {
    expect(login('/user/confirm-email')).toBe(`${site}/`);
    expect(login(`${site}/user/confirm-email?code=1`)).toBe(`${site}/`);
    expect(login('/user/confirm%2Demail')).toBe(`${site}/`);
    expect(logout('/user/confirm-email')).toBe(`${site}/user/confirm-email`);
  });

  it.each([
    '/user//confirm-email',
    '//user/confirm-email',
    '/user/confirm-email/',
    '/USER/Confirm-Email',
    '/user/confirm%2Demail',
    '/user/confirm%2demail%',
    '/user/confirm-email%',
    '/user%2Fconfirm-email',
    '/user/confirm%252Demail',
    '/user/%2e/confirm-email',
    '/user/./confirm-email',
    '/user/x/../confirm-email',
    '/user\\confirm-email',
    '/?next=/user/confirm-email',
    `${site}//user///confirm-email?code=1`,
  ])('sees through %j to the confirm-email page on login', (target) => {
    expect(login(target)).toBe(`${site}/`);
  });

  it.each(['/user//logout/', '/user/log%6Fut/', '/user/one-more-step%', '/user//one-more-step/?flow=x'])(
    'sees through %j to a forbidden page on logout',
    (target) => {
      expect(logout(target)).toBe(`${site}/`);
    },
  );

  it('collapses repeated slashes in the path it returns, keeping the query', () => {
    expect(login('/topics//beauty///?a=b//c')).toBe(`${site}/topics/beauty/?a=b//c`);
    expect(new URL(login(`${site}//evil.com/`)).pathname).toBe('/evil.com/');
  });

  it('replaces a logout target containing /user/one-more-step or /user/logout with the front page', () => {
    expect(logout('/user/one-more-step/?flow=professional')).toBe(`${site}/`);
    expect(logout('/user/logout/')).toBe(`${site}/`);
    expect(login('/user/one-more-step/')).toBe(`${site}/user/one-more-step/`);
  });

  it.each([
    '//evil.com',
    '//evil.com/user/account/',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'http://www.example.org/',
    'https://www.example.org@evil.com/',
    'https://user:pass@www.example.org/',
    'https://www.example.org.evil.com/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '\t//evil.com',
    '/\t/evil.com',
    'https:evil.com',
    '//%65vil.com',
    'http://[::1]/',
    'ftp://www.example.org/',
  ])('never follows %j off the site', (target) => {
    const resolved = new URL(login(target));
    expect(resolved.origin).toBe(site);
    expect(resolved.username).toBe('');
  });

  it('treats percent-encoded slashes as a harmless path on the site', () => {
    expect(login('/%2F%2Fevil.com')).toBe(`${site}/%2F%2Fevil.com`);
  });
});
