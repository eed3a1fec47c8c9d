import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COOKIE_GROUPS } from '../../client/consent/cookie-catalogue';
import { CookiePolicy } from './cookie-policy';

describe('CookiePolicy', () => {
  it('lists every cookie of every group, with the control that changes the choices', () => {
    const html = renderToStaticMarkup(<CookiePolicy siteName="The Business of Fashion" />);
    expect(html).toContain('<h1 class="font-sans text-3xl font-bold">Cookies and your choices</h1>');
    for (const group of COOKIE_GROUPS) {
      expect(html).toContain(`>${group.title}</h2>`);
      for (const cookie of group.cookies) expect(html).toContain(`>${cookie.name}</p>`);
    }
    expect(html).toContain('>Cookie preferences</button>');
  });
});
