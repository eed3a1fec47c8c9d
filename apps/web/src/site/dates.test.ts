import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('writes a date in the long British form, as the UTC calendar day', () => {
    expect(formatDate(new Date('2026-10-14T09:05:00Z'))).toBe('14 October 2026');
    expect(formatDate('2026-10-14T23:30:00Z')).toBe('14 October 2026');
    expect(formatDate('2026-01-02T00:00:00Z')).toBe('2 January 2026');
  });

  it('writes a date with its time in the same form', () => {
    expect(formatDateTime('2026-10-14T09:05:00Z', 'UTC')).toBe('14 October 2026 at 09:05');
    expect(formatDateTime('2026-10-14T09:05:00Z', 'Europe/Paris')).toBe('14 October 2026 at 11:05');
  });
});
