import { describe, expect, it } from 'vitest';
import { validateEventData } from '@bof/analytics/validate';
import { APPLICATION_ERROR_SCHEMA, toApplicationError } from './application-error';

describe('toApplicationError', () => {
  it('truncates the message to 2048 characters and the stack to 8192 (spec §9)', () => {
    const error = new TypeError('m'.repeat(3000));
    error.stack = 's'.repeat(10_000);
    const data = toApplicationError({ error, filename: 'https://x/app.js', lineno: 3, colno: 7 });
    expect(data?.message).toHaveLength(2048);
    expect(data?.stackTrace).toHaveLength(8192);
    expect(data).toMatchObject({
      programmingLanguage: 'JAVASCRIPT',
      exceptionName: 'TypeError',
      lineNumber: 3,
      lineColumn: 7,
    });
    expect(validateEventData(APPLICATION_ERROR_SCHEMA, data).ok).toBe(true);
  });

  it('keeps a message of exactly 2048 characters whole, and reports nothing without a message', () => {
    expect(toApplicationError({ message: 'x'.repeat(2048) })?.message).toHaveLength(2048);
    expect(toApplicationError({ error: 'rejected' })?.message).toBe('rejected');
    expect(toApplicationError({})).toBeNull();
  });
});
