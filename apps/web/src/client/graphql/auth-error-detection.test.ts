import { describe, expect, it } from 'vitest';
import { containsAuthError } from './auth-error-detection';

const authError = { __typename: 'AuthError', message: 'You need to sign in to do this.' };

describe('containsAuthError', () => {
  it('finds an AuthError at the first, second and third level', () => {
    expect(containsAuthError({ viewer: authError })).toBe(true);
    expect(containsAuthError({ a: { b: authError } })).toBe(true);
    expect(containsAuthError({ a: { b: { c: authError } } })).toBe(true);
  });

  it('does not look deeper than three levels', () => {
    expect(containsAuthError({ a: { b: { c: { d: authError } } } })).toBe(false);
  });

  it('counts list items at the level of their field', () => {
    expect(containsAuthError({ items: [{ __typename: 'Viewer' }, authError] })).toBe(true);
    expect(containsAuthError({ a: { b: [{ c: authError }] } })).toBe(true);
    expect(containsAuthError({ a: { b: [{ c: { d: authError } }] } })).toBe(false);
  });

  it('ignores other results and other error types', () => {
    expect(containsAuthError({ viewer: { __typename: 'Viewer', userData: null } })).toBe(false);
    expect(containsAuthError({ update: { __typename: 'ZodError', message: 'AuthError' } })).toBe(false);
    expect(containsAuthError(null)).toBe(false);
    expect(containsAuthError(undefined)).toBe(false);
    expect(containsAuthError({ viewer: 'AuthError' })).toBe(false);
  });
});
