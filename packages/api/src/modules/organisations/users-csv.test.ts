import { describe, expect, it } from 'vitest';
import { csvCell, usersCsv } from './users-csv';

describe('the users list as CSV', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
  });

  it('has a header and one row per seat, joined or invited', () => {
    const csv = usersCsv([
      {
        accountUserId: 'u1',
        accountId: 'a',
        userId: 'r1',
        email: 'ada@example.com',
        firstName: '=cmd',
        lastName: 'Reader',
        role: 'OWNER',
        createdAt: new Date('2026-01-02T03:04:05Z'),
      },
      {
        accountUserId: 'u2',
        accountId: 'a',
        userId: null,
        email: 'bo@example.com',
        firstName: null,
        lastName: null,
        role: 'USER',
        createdAt: new Date('2026-02-02T00:00:00Z'),
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'email,first_name,last_name,role,state,added_at',
      "ada@example.com,'=cmd,Reader,OWNER,joined,2026-01-02T03:04:05.000Z",
      'bo@example.com,,,USER,invited,2026-02-02T00:00:00.000Z',
      '',
    ]);
  });
});
