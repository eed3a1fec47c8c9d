import { describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_USER, type CurrentUser } from './current-user';
import { MembershipChangeTimeoutError, waitForMembershipChange } from './membership-change';

const user = (membershipLevel: CurrentUser['membershipLevel']): CurrentUser => ({
  ...LOGGED_OUT_USER,
  isLoggedIn: true,
  membershipLevel,
});

describe('waitForMembershipChange (spec §4)', () => {
  it('waits 1000 ms, doubling, for five attempts, then throws', async () => {
    const waits: number[] = [];
    const forceRefresh = vi.fn(async () => user('None'));
    await expect(
      waitForMembershipChange({
        field: 'membershipLevel',
        before: 'None',
        forceRefresh,
        sleep: async (ms) => void waits.push(ms),
      }),
    ).rejects.toBeInstanceOf(MembershipChangeTimeoutError);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(forceRefresh).toHaveBeenCalledTimes(5);
  });

  it('stops as soon as the field changes', async () => {
    const answers = [user('None'), user('Standard')];
    const forceRefresh = vi.fn(async () => answers.shift()!);
    const result = await waitForMembershipChange({
      field: 'membershipLevel',
      before: 'None',
      forceRefresh,
      sleep: async () => undefined,
    });
    expect(result.membershipLevel).toBe('Standard');
    expect(forceRefresh).toHaveBeenCalledTimes(2);
  });

  it('with expected values, waits until the field reaches one of them', async () => {
    const answers = [user('Standard'), user('Premium')];
    const forceRefresh = vi.fn(async () => answers.shift()!);
    const result = await waitForMembershipChange({
      field: 'membershipLevel',
      before: 'None',
      expected: ['Premium', 'AllAccess'],
      forceRefresh,
      sleep: async () => undefined,
    });
    expect(result.membershipLevel).toBe('Premium');
    expect(forceRefresh).toHaveBeenCalledTimes(2);
  });

  it('by the clock: refreshes at 1 s, 3 s, 7 s, 15 s and 31 s, then throws', async () => {
    vi.useFakeTimers();
    try {
      const at: number[] = [];
      const start = Date.now();
      const forceRefresh = vi.fn(async () => {
        at.push(Date.now() - start);
        return user('None');
      });
      const outcome = waitForMembershipChange({
        field: 'membershipLevel',
        before: 'None',
        forceRefresh,
      }).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(30_999);
      expect(at).toEqual([1000, 3000, 7000, 15000]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBeInstanceOf(MembershipChangeTimeoutError);
      expect(at).toEqual([1000, 3000, 7000, 15000, 31000]);
    } finally {
      vi.useRealTimers();
    }
  });
});
