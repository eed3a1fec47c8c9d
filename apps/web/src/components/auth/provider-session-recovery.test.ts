import { describe, expect, it } from 'vitest';
import { recoveryTarget } from './provider-session-recovery';

const siteOrigin = 'https://www.example.org';

describe('after a provider session error (spec §4, §8)', () => {
  it('already signed in: on to the flow target, else the stored one, else the front page', () => {
    const go = (returnTo: string | undefined, storedTarget: string | null) =>
      recoveryTarget({ errorId: 'session_already_available', returnTo, storedTarget, siteOrigin });
    expect(go(`${siteOrigin}/careers/`, `${siteOrigin}/bof500/`)).toBe(`${siteOrigin}/careers/`);
    expect(go(undefined, `${siteOrigin}/bof500/`)).toBe(`${siteOrigin}/bof500/`);
    expect(go(undefined, null)).toBe(`${siteOrigin}/`);
  });

  it('the session ended: a fresh sign-in returning to the target', () => {
    expect(
      recoveryTarget({
        errorId: 'session_inactive',
        returnTo: undefined,
        storedTarget: `${siteOrigin}/careers/`,
        siteOrigin,
      }),
    ).toBe(`/user/login/?return_to=${encodeURIComponent(`${siteOrigin}/careers/`)}`);
  });

  it.each(['https://evil.com/', '//evil.com', 'javascript:alert(1)', `${siteOrigin}/user/confirm-email`])(
    'never follows %j',
    (hostile) => {
      expect(
        recoveryTarget({
          errorId: 'session_already_available',
          returnTo: undefined,
          storedTarget: hostile,
          siteOrigin,
        }),
      ).toBe(`${siteOrigin}/`);
    },
  );
});
