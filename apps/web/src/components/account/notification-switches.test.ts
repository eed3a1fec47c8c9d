import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushUnavailableReason } from './notification-switches';

const everything = { serviceWorker: true, pushManager: true, notification: true };

describe('pushUnavailableReason', () => {
  it('says plainly when the site or the browser cannot do push', () => {
    expect(pushUnavailableReason(everything, null)).toBe(
      'Notifications are not available on this site at the moment.',
    );
    expect(pushUnavailableReason({ ...everything, pushManager: false }, 'key')).toMatch(
      /^This browser cannot show notifications/,
    );
    expect(pushUnavailableReason({ ...everything, serviceWorker: false }, 'key')).not.toBeNull();
    expect(pushUnavailableReason(everything, 'key')).toBeNull();
  });
});

describe('applicationServerKey', () => {
  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const raw = Buffer.alloc(65, 0xfb);
    raw[0] = 4;
    const bytes = applicationServerKey(raw.toString('base64url'));
    expect(bytes).toHaveLength(65);
    expect(Buffer.from(bytes).equals(raw)).toBe(true);
  });
});
