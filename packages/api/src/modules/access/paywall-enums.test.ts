import { describe, expect, it } from 'vitest';
import { METER_MAX_FREE_READS } from '@bof/config/constants';
import { MEMBERSHIP_LEVELS } from '@bof/config/enums';
import { METER_COOKIE_CAPACITY } from '@bof/paywall/paywall-token';
import { MEMBERSHIP_LEVELS as PAYWALL_LEVELS } from '@bof/paywall/types';

describe('the paywall package and the configuration agree', () => {
  it('on the membership levels', () => {
    expect([...PAYWALL_LEVELS]).toEqual([...MEMBERSHIP_LEVELS]);
  });

  it('on how many reads the meter cookie keeps: every free read the settings may allow', () => {
    expect(METER_COOKIE_CAPACITY).toBe(METER_MAX_FREE_READS);
  });
});
