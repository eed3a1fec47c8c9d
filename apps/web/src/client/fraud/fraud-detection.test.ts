import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAUD_DETECTION } from '@bof/config/constants';
import { castleOptions, createFraudDetection } from './fraud-detection';
import { FraudDetectionError, hasEventData, isPublishableKey } from './fraud-rules';
import { signInFormEvent } from './sign-in-form-event';

// The library stands in for Castle's service: what it is configured with and each event it is given.
const castle = vi.hoisted(() => ({
  configured: [] as unknown[],
  forms: [] as unknown[],
  pages: [] as unknown[],
  answer: true as boolean | null,
}));
vi.mock('@castleio/castle-js', () => ({
  configure: (options: unknown) => {
    castle.configured.push(options);
    return {
      createRequestToken: async () => 'request-token',
      page: async (params: unknown) => (castle.pages.push(params), castle.answer),
      form: async (params: unknown) => (castle.forms.push(params), castle.answer),
      custom: async () => castle.answer,
    };
  },
}));

const key = `pk_${'a'.repeat(32)}`;
const fakeWindow = {} as Window;

beforeEach(() => {
  castle.configured.length = 0;
  castle.forms.length = 0;
  castle.pages.length = 0;
  castle.answer = true;
});
afterEach(() => vi.restoreAllMocks());

describe('fraud-detection rules (spec §5, §8)', () => {
  it('a publishable key is 35 characters starting pk_', () => {
    expect(isPublishableKey(key)).toBe(true);
    expect(isPublishableKey(`pk_${'a'.repeat(31)}`)).toBe(false);
    expect(isPublishableKey(`pk_${'a'.repeat(33)}`)).toBe(false);
    expect(isPublishableKey(`sk_${'a'.repeat(32)}`)).toBe(false);
    expect(isPublishableKey(undefined)).toBe(false);
  });

  it('page, form and custom events need a user or token; form and custom also a name', () => {
    expect(hasEventData('page', { user: { id: 'u1' } })).toBe(true);
    expect(hasEventData('page', { userJwt: 'jwt' })).toBe(true);
    expect(hasEventData('page', {})).toBe(false);
    expect(hasEventData('form', { user: { id: 'u1' } })).toBe(false);
    expect(hasEventData('form', { user: { id: 'u1' }, name: 'login' })).toBe(true);
    expect(hasEventData('custom', { name: 'x' })).toBe(false);
  });

  it("throws 'missing configuration' without a window and 'missing or wrong publishableKey' for a bad key", () => {
    expect(() => createFraudDetection({ publishableKey: key })).toThrow(
      new FraudDetectionError('missing_configuration', 'missing configuration'),
    );
    expect(() => createFraudDetection({ publishableKey: 'pk_short', window: fakeWindow })).toThrow(
      'missing or wrong publishableKey',
    );
  });

  it("warns 'missing user or event data' and resolves false, without loading the library", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fraud = createFraudDetection({ publishableKey: key, window: fakeWindow });
    await expect(fraud.page({})).resolves.toBe(false);
    await expect(fraud.form({ user: { id: 'u1' }, name: '' })).resolves.toBe(false);
    expect(warn.mock.calls).toEqual([['missing user or event data'], ['missing user or event data']]);
    expect(castle.configured).toEqual([]);
  });
});

describe('the library and its settings (spec §9)', () => {
  it('is configured once, with the 1000 ms request timeout, the 400-day client id and batching on', async () => {
    const fraud = createFraudDetection({ publishableKey: key, window: fakeWindow });
    await expect(fraud.createRequestToken()).resolves.toBe('request-token');
    await fraud.page({ user: { id: 'u1' }, url: 'https://www.example.org/' });
    expect(castle.configured).toEqual([castleOptions(key, fakeWindow)]);
    expect(castleOptions(key, fakeWindow)).toEqual({
      pk: key,
      window: fakeWindow,
      timeout: 1000,
      storage: { expireIn: 34_560_000 },
      throttling: true,
      verbose: false,
    });
    expect(castle.pages).toEqual([
      { url: 'https://www.example.org/', referrer: undefined, user: { id: 'u1' } },
    ]);
  });

  it('sends at most one form event per 300 ms; one sooner resolves null, unsent', async () => {
    let now = 10_000;
    const fraud = createFraudDetection({ publishableKey: key, window: fakeWindow, now: () => now });
    const login = { name: 'Login', user: { id: 'a@example.org' } };
    await expect(fraud.form(login)).resolves.toBe(true);
    now += 299;
    await expect(fraud.form(login)).resolves.toBeNull();
    now += 1;
    castle.answer = false;
    await expect(fraud.form(login)).resolves.toBe(false);
    expect(castle.forms).toHaveLength(2);
  });

  it('is the version recorded in the constants (the spec’s 2.5.1 is not on the registry)', () => {
    const installed = createRequire(import.meta.url)('@castleio/castle-js/package.json') as {
      version: string;
    };
    expect(installed.version).toBe(FRAUD_DETECTION.libraryVersion);
    expect(FRAUD_DETECTION.specLibraryVersion).toBe('2.5.1');
  });
});

describe('signInFormEvent', () => {
  const formWith = (fields: Record<string, string>) =>
    ({
      elements: { namedItem: (name: string) => (name in fields ? { value: fields[name] } : null) },
    }) as unknown as HTMLFormElement;

  it('names the reader by the address typed, and sends no other value', () => {
    expect(
      signInFormEvent('login', formWith({ identifier: ' Ada@Example.org ', password: 'secret' })),
    ).toEqual({
      name: 'Login',
      user: { id: 'ada@example.org', email: 'Ada@Example.org' },
      values: { email: 'Ada@Example.org' },
    });
    expect(signInFormEvent('register', formWith({ 'traits.email': 'b@example.org' }))).toMatchObject({
      name: 'Registration',
      user: { id: 'b@example.org' },
    });
  });

  it('is null before an address is typed', () => {
    expect(signInFormEvent('login', formWith({ identifier: '  ' }))).toBeNull();
    expect(signInFormEvent('login', formWith({}))).toBeNull();
  });
});
