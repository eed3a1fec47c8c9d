import { describe, expect, it } from 'vitest';
import { accountDisplay } from './account-display';

describe('accountDisplay', () => {
  it('uses the name the reader gave', () => {
    expect(accountDisplay({ email: 'ada.l@example.org', firstName: 'Ada', lastName: 'Lovelace' })).toEqual({
      shortName: 'Ada',
      fullName: 'Ada Lovelace',
      initials: 'AL',
    });
  });

  it('copes with one part of the name, spaces and letters beyond ASCII', () => {
    expect(accountDisplay({ email: 'x@example.org', firstName: '  Émile ', lastName: null })).toEqual({
      shortName: 'Émile',
      fullName: 'Émile',
      initials: 'É',
    });
    expect(accountDisplay({ email: 'x@example.org', firstName: '', lastName: 'Okafor' })).toMatchObject({
      shortName: 'Okafor',
      initials: 'O',
    });
    expect(accountDisplay({ email: 'x@example.org', firstName: 'çelik', lastName: 'öz' }).initials).toBe(
      'ÇÖ',
    );
  });

  it('falls back to the e-mail address without a name', () => {
    expect(accountDisplay({ email: 'lin.okafor@example.org' })).toEqual({
      shortName: 'lin.okafor',
      fullName: 'lin.okafor@example.org',
      initials: 'L',
    });
    expect(accountDisplay({ email: '+tag@example.org', firstName: ' ' }).initials).toBe('T');
    expect(accountDisplay({ email: '_@example.org' }).initials).toBe('?');
  });
});
