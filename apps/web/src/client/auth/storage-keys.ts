/**
 * Local storage keys of spec §3. The five named there keep their own names; anything else the product
 * stores carries the product prefix.
 */
export const STORAGE_KEYS = {
  authRedirectTarget: 'authRedirectTarget',
  userRedirect: 'userRedirect',
  wallJourney: 'wallJourney',
  samplingBannerRedirect: 'samplingBannerRedirect',
  ssoDebug: 'ssoDebug',
} as const;

export const PRODUCT_STORAGE_PREFIX = 'bof_';

/** Storage that never throws (private mode, full quota, disabled storage all read as absent). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Losing a redirect target sends the reader to the front page: acceptable, never fatal.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};
