import { describe, expect, it, vi } from 'vitest';
import { parseCookies } from '@bof/http/cookies';
import { createEndProductSession, expiredSessionCookies } from './end-product-session';

/** A cookie jar that takes `document.cookie` assignments as a browser does (Max-Age=0 deletes). */
function jar(initial: string) {
  const cookies = parseCookies(initial);
  return {
    write(assignment: string) {
      const [pair] = assignment.split(';');
      const [name] = pair!.split('=');
      if (/;\s*Max-Age=0/i.test(assignment)) cookies.delete(name!);
    },
    names: () => [...cookies.keys()],
  };
}

describe('ending the product session in the browser', () => {
  it('deletes bof_session, the paywall session and the login-policy mark under their Path', () => {
    expect(expiredSessionCookies(false)).toEqual([
      'bof_session=; Path=/; Max-Age=0; SameSite=Lax',
      'bof_paywall_session=; Path=/; Max-Age=0; SameSite=Lax',
      'bof_login_policy=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    expect(expiredSessionCookies(true).every((c) => c.endsWith('; Secure'))).toBe(true);
  });

  it('deletes the cookies first, then asks the auth endpoint to clear them on its answer', async () => {
    const browser = jar('bof_session=ey.a.b; bof_paywall_session=p; bof_meter=m; bof_cc=c');
    const fetch = vi.fn(async () => {
      expect(browser.names()).toEqual(['bof_meter', 'bof_cc']);
      return new Response(null, { status: 204 });
    });
    const end = createEndProductSession({
      endpoint: 'https://site.example/api/auth/token/',
      writeCookie: browser.write,
      secure: () => true,
      fetch,
    });
    await end();
    expect(fetch).toHaveBeenCalledWith('https://site.example/api/auth/token/', {
      method: 'DELETE',
      credentials: 'include',
      cache: 'no-store',
    });
  });

  it('rejects when the endpoint refuses, with the browser’s cookies already gone', async () => {
    const browser = jar('bof_session=ey.a.b');
    const end = createEndProductSession({
      endpoint: '/api/auth/token/',
      writeCookie: browser.write,
      secure: () => false,
      fetch: async () => new Response(null, { status: 403 }),
    });
    await expect(end()).rejects.toThrow('403');
    expect(browser.names()).toEqual([]);
  });
});
