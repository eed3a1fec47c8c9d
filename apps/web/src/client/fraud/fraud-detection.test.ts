import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFraudDetection } from './fraud-detection';
import { FraudDetectionError, hasEventData, isPublishableKey } from './fraud-rules';

const key = `pk_${'a'.repeat(32)}`;
const fakeWindow = {} as Window;

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
  });
});
