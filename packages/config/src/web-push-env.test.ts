import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './configuration-error';
import { parseServerEnv } from './server-env';
import { parseWebPushEnv } from './web-push-env';

const vapid = {
  WEB_PUSH_VAPID_PUBLIC_KEY:
    'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  WEB_PUSH_VAPID_PRIVATE_KEY: 'xYpyJYtsBWU-1ImkZ3LP5nDEZcr8pbuYyYavMZlK0Dc',
  WEB_PUSH_VAPID_SUBJECT: 'mailto:newsroom@example.org',
};

function configurationError(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('parseWebPushEnv', () => {
  it('has no configured keys when no WEB_PUSH_ variable is set', () => {
    expect(parseWebPushEnv({})).toEqual({ vapid: null });
    expect(parseServerEnv({}).webPush).toEqual({ vapid: null });
  });

  it('reads the three variables together', () => {
    expect(parseServerEnv(vapid).webPush.vapid).toEqual({
      publicKey: vapid.WEB_PUSH_VAPID_PUBLIC_KEY,
      privateKey: vapid.WEB_PUSH_VAPID_PRIVATE_KEY,
      subject: 'mailto:newsroom@example.org',
    });
  });

  it('refuses a partial set, naming what is missing', () => {
    const error = configurationError(() =>
      parseServerEnv({ WEB_PUSH_VAPID_PUBLIC_KEY: vapid.WEB_PUSH_VAPID_PUBLIC_KEY }),
    );
    expect(error.variables.sort()).toEqual(['WEB_PUSH_VAPID_PRIVATE_KEY', 'WEB_PUSH_VAPID_SUBJECT']);
    expect(error.message).toContain('is required with WEB_PUSH_VAPID_PUBLIC_KEY');
  });

  it('names keys of the wrong size and a subject that is neither mailto: nor https:', () => {
    const error = configurationError(() =>
      parseWebPushEnv({
        ...vapid,
        WEB_PUSH_VAPID_PRIVATE_KEY: 'c2hvcnQ',
        WEB_PUSH_VAPID_SUBJECT: 'http://example.org',
      }),
    );
    expect(error.variables.sort()).toEqual(['WEB_PUSH_VAPID_PRIVATE_KEY', 'WEB_PUSH_VAPID_SUBJECT']);
  });
});
