import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_LEVELS } from '@bof/config/enums';
import { MEMBERSHIP_LEVELS as PAYWALL_LEVELS } from '@bof/paywall/types';

describe('the paywall package and the spec agree', () => {
  it('on the membership levels', () => {
    expect([...PAYWALL_LEVELS]).toEqual([...MEMBERSHIP_LEVELS]);
  });
});
