import { describe, expect, it } from 'vitest';
import { lifetimeText, templates, type MailConfig } from './templates';

const config = (seconds: number): MailConfig => ({
  siteName: 'BoF',
  codeLifespanSeconds: seconds,
  ui: {
    login: 'https://bof.test/user/login/',
    registration: 'https://bof.test/user/register/',
    recovery: 'https://bof.test/user/recovery/',
    verification: 'https://bof.test/user/confirm-email/',
    settings: 'https://bof.test/user/account/',
    error: 'https://bof.test/user/login/',
  },
});

describe('the courier’s e-mails', () => {
  it.each([
    [600, '10 minutes'],
    [60, '1 minute'],
    [90, '90 seconds'],
    [3600, '1 hour'],
    [7200, '2 hours'],
  ])('state a code lifetime of %i s as "%s"', (seconds, text) => {
    expect(lifetimeText(seconds)).toBe(text);
    for (const mail of [
      templates.loginCode(config(seconds), 'a@b.co', '123456'),
      templates.recoveryCode(config(seconds), 'a@b.co', '123456'),
      templates.verificationCode(config(seconds), 'a@b.co', '123456'),
      templates.registrationCode(config(seconds), 'a@b.co', '123456'),
    ]) {
      expect(mail.text).toContain(`valid for ${text}.`);
      expect(mail.html).toContain(`valid for ${text}.`);
    }
  });

  it('tell an address without an account that it has none and where to register, promising no sign-in', () => {
    const mail = templates.loginCodeUnknown(config(600), 'new@b.co', '123456');
    expect(mail.text).toContain('there is no account for it');
    expect(mail.text).toContain('https://bof.test/user/register/');
    expect(mail.text).toContain('will not sign you in');
    expect(mail.text).not.toMatch(/offered to create/);
    const recovery = templates.recoveryUnknown(config(600), 'new@b.co');
    expect(recovery.text).not.toMatch(/Your code/);
  });
});
