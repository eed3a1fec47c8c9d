import { describe, expect, it } from 'vitest';
import { isGroupStyleAddress } from './group-style-address';

describe('group-style addresses (spec §5)', () => {
  it.each([
    'info',
    'admin',
    'sysadmin',
    'pr',
    'press.office',
    'front_desk',
    'frontdesk',
    'subscriptions',
    'london2',
    'bof',
    'thebusinessoffashion',
    'team+news',
  ])('refuses %s@', (local) => expect(isGroupStyleAddress(`${local}@ox.ac.uk`)).toBe(true));
  it.each(['priya', 'adam', 'information.science.student', 'teamwork', 'ukasz', 'parisa', 'milano'])(
    'accepts %s@, a person who only starts like a prefix',
    (local) => expect(isGroupStyleAddress(`${local}@ox.ac.uk`)).toBe(false),
  );
});
