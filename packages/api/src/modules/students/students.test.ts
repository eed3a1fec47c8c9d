import { describe, expect, it } from 'vitest';
import { domainsOf } from './academic-domains';
import { graduatedBy } from './graduation';
import { academicYearStart, hashAcademicCode, studentStatusOf } from './students.service';
import type { AcademicDataRow } from './students.repo';

const record = (over: Partial<AcademicDataRow> = {}): AcademicDataRow => ({
  userId: 'reader-1',
  email: 'ada@ox.ac.uk',
  emailVerified: true,
  emailVerificationCodeHash: null,
  emailVerifiedDateTime: new Date('2026-10-01T00:00:00Z'),
  graduationYear: 2028,
  institution: 'University of Oxford',
  codeExpiresAt: null,
  codeAttempts: 0,
  createdAt: new Date('2026-10-01T00:00:00Z'),
  updatedAt: new Date('2026-10-01T00:00:00Z'),
  ...over,
});

describe('the rules of the academic year', () => {
  it('starts on 1 September', () => {
    expect(academicYearStart(new Date('2026-08-31T23:00:00Z'))).toEqual(new Date('2025-09-01T00:00:00Z'));
    expect(academicYearStart(new Date('2026-09-01T00:00:00Z'))).toEqual(new Date('2026-09-01T00:00:00Z'));
  });

  it('makes a reader eligible only when verified this academic year with a graduation year not past', () => {
    const now = new Date('2027-03-01T00:00:00Z');
    expect(studentStatusOf(record(), now)).toMatchObject({ eligible: true, reason: null });
    expect(studentStatusOf(null, now).eligible).toBe(false);
    expect(studentStatusOf(record({ emailVerified: false }), now).reason).toMatch(/Verify your academic/);
    expect(
      studentStatusOf(record({ emailVerifiedDateTime: new Date('2026-08-31T00:00:00Z') }), now).reason,
    ).toMatch(/earlier academic year/);
    expect(studentStatusOf(record({ graduationYear: 2026 }), now).reason).toMatch(
      /graduation year has passed/,
    );
    expect(studentStatusOf(record({ graduationYear: 2027 }), now).eligible).toBe(true);
  });

  it('counts a reader as graduated at a renewal in a year after the graduation year', () => {
    expect(graduatedBy(2027, new Date('2027-12-31T00:00:00Z'))).toBe(false);
    expect(graduatedBy(2027, new Date('2028-01-01T00:00:00Z'))).toBe(true);
    expect(graduatedBy(null, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('codes and domains', () => {
  it('stores a keyed hash bound to the reader and the address', () => {
    const hash = hashAcademicCode('key', 'reader-1', 'ada@ox.ac.uk', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAcademicCode('other-key', 'reader-1', 'ada@ox.ac.uk', '123456')).not.toBe(hash);
    expect(hashAcademicCode('key', 'reader-2', 'ada@ox.ac.uk', '123456')).not.toBe(hash);
    expect(hashAcademicCode('key', 'reader-1', 'bob@ox.ac.uk', '123456')).not.toBe(hash);
  });

  it('looks a domain up from the most specific to its parents', () => {
    expect(domainsOf('ada@dept.ox.ac.uk')).toEqual(['dept.ox.ac.uk', 'ox.ac.uk', 'ac.uk']);
  });
});
