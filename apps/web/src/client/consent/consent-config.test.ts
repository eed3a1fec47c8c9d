import { describe, expect, it } from 'vitest';
import { consentConfig, cookiePolicyUrl } from './consent-config';
import { COOKIE_GROUPS, NONESSENTIAL_COOKIE_PATTERNS } from './cookie-catalogue';

const noop = () => undefined;
const config = consentConfig({
  secure: true,
  consentBaseUrl: 'https://consent.example.org/policies/',
  callbacks: { onConsent: noop, onFirstConsent: noop, onChange: noop, onShown: noop },
});

describe('the consent layer configuration', () => {
  it('keeps the choice in bof_cc with the categories necessary, nonessential and embeds', () => {
    expect(config.cookie).toMatchObject({ name: 'bof_cc', secure: true, sameSite: 'Lax' });
    expect(Object.keys(config.categories)).toEqual(['necessary', 'nonessential', 'embeds']);
    expect(config.categories.necessary).toMatchObject({ enabled: true, readOnly: true });
  });

  it('links the banner and the preferences to the cookie policy at the consent base URL', () => {
    expect(cookiePolicyUrl('https://consent.example.org/policies/')).toBe(
      'https://consent.example.org/policies/',
    );
    const texts = JSON.stringify(config.language.translations);
    expect(texts.match(/href=\\"https:\/\/consent\.example\.org\/policies\/\\"/g)).toHaveLength(2);
  });

  it('clears the advertising cookies from this site when non-essential consent is withdrawn', () => {
    const cleared = config.categories.nonessential?.autoClear?.cookies?.map((c) => c.name) ?? [];
    expect(cleared).toEqual(NONESSENTIAL_COOKIE_PATTERNS);
    const matches = (name: string) => NONESSENTIAL_COOKIE_PATTERNS.some((pattern) => pattern.test(name));
    for (const name of [
      '_fbp',
      '_fbc',
      '_ga',
      '_ga_ABC123',
      '_gid',
      '_gcl_au',
      '_sp_id.1a2b',
      '_sp_ses.1a2b',
    ])
      expect(matches(name)).toBe(true);
    // Nothing necessary is ever cleared.
    const necessary = COOKIE_GROUPS.find((g) => g.category === 'necessary')!.cookies.map((c) => c.name);
    for (const name of [...necessary, 'bof_cc', '__cuid']) expect(matches(name)).toBe(false);
  });
});
