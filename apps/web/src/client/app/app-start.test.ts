import { describe, expect, it } from 'vitest';
import { shouldShowAppScreen, type AppStartFacts } from './app-start';

function tab() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

const facts = (over: Partial<AppStartFacts>): AppStartFacts => ({
  appMode: true,
  pathname: '/',
  auth: 'logged-out',
  isMember: false,
  session: tab(),
  ...over,
});

describe('shouldShowAppScreen', () => {
  it('shows the app screen once per tab to a signed-out reader starting the app', () => {
    const session = tab();
    expect(shouldShowAppScreen(facts({ session }))).toBe(true);
    expect(shouldShowAppScreen(facts({ session }))).toBe(false);
  });

  it('shows it to a signed-in reader without a membership', () => {
    expect(shouldShowAppScreen(facts({ auth: 'logged-in' }))).toBe(true);
  });

  it('sends members straight to the front page', () => {
    expect(shouldShowAppScreen(facts({ auth: 'logged-in', isMember: true }))).toBe(false);
  });

  it('does nothing in the browser, away from the front page, or before the sign-in state is known', () => {
    expect(shouldShowAppScreen(facts({ appMode: false }))).toBe(false);
    expect(shouldShowAppScreen(facts({ pathname: '/articles/a/b/' }))).toBe(false);
    expect(shouldShowAppScreen(facts({ auth: 'unknown' }))).toBe(false);
  });
});
