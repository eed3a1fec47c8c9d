import { describe, expect, it } from 'vitest';
import { flowStartUrl, redirectKindOf, type StartableFlow } from './flow-start-url';

const site = 'https://www.example.org';
const start = (type: StartableFlow, returnTo: string | undefined) =>
  new URL(flowStartUrl({ type, returnTo, siteUrl: site, identityBaseUrl: `${site}/identity/` }));
const returnToOf = (type: StartableFlow, returnTo: string | undefined) =>
  start(type, returnTo).searchParams.get('return_to');

describe('flowStartUrl (spec §5)', () => {
  it('starts the flow at the identity provider, returning to the front page by default', () => {
    const url = start('registration', undefined);
    expect(`${url.origin}${url.pathname}`).toBe(`${site}/identity/self-service/registration/browser`);
    expect(url.searchParams.get('return_to')).toBe(`${site}/`);
  });

  it('keeps a target on the site and extra parameters', () => {
    const url = new URL(
      flowStartUrl({
        type: 'login',
        returnTo: `${site}/careers/`,
        siteUrl: site,
        identityBaseUrl: `${site}/identity`,
        extra: { refresh: 'true' },
      }),
    );
    expect(url.searchParams.get('return_to')).toBe(`${site}/careers/`);
    expect(url.searchParams.get('refresh')).toBe('true');
  });

  it.each(['login', 'registration', 'recovery', 'verification', 'settings'] as const)(
    'applies the login rule to the %s flow',
    (type) => {
      expect(redirectKindOf(type)).toBe('login');
      expect(returnToOf(type, '/user/confirm-email?flow=1')).toBe(`${site}/`);
      // Logout's rule does not apply: a sign-in may well return to the details page.
      expect(returnToOf(type, '/user/one-more-step/')).toBe(`${site}/user/one-more-step/`);
    },
  );

  it('applies the logout rule to the logout flow', () => {
    expect(redirectKindOf('logout')).toBe('logout');
    expect(returnToOf('logout', '/user/one-more-step/')).toBe(`${site}/`);
    expect(returnToOf('logout', '/user/logout/')).toBe(`${site}/`);
    expect(returnToOf('logout', '/user/confirm-email')).toBe(`${site}/user/confirm-email`);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    `https://www.example.org@evil.com/`,
    'javascript:alert(1)',
    '%2F%2Fevil.com',
  ])('never returns to %j off the site', (target) => {
    expect(new URL(returnToOf('login', target)!).origin).toBe(site);
  });
});
