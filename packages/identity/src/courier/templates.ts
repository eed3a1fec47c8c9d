import type { IdentityConfig } from '../identity-config';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function message(
  to: string,
  templateType: string,
  subject: string,
  lines: string[],
  code?: string,
): MailMessage {
  const text = lines.join('\n\n') + (code ? `\n\nYour code: ${code}\n` : '\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    (code ? `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(code)}</strong></p>` : '') +
    `</body></html>`;
  return { to, subject, templateType, text, html };
}

/** What the e-mails need to know about the site. */
export type MailConfig = Pick<IdentityConfig, 'siteName' | 'codeLifespanSeconds' | 'ui'>;

/** "10 minutes", "1 minute", "90 seconds": the code lifetime as configured. */
export function lifetimeText(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  if (minutes % 60 === 0 && minutes >= 60) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const validity = (config: MailConfig) =>
  `The code is valid for ${lifetimeText(config.codeLifespanSeconds)}. If you did not ask for it, you can ignore this e-mail.`;

/** The courier's e-mails, named as Kratos names its templates. */
export const templates = {
  verificationCode: (config: MailConfig, to: string, code: string) =>
    message(
      to,
      'verification_code_valid',
      `Confirm your e-mail address for ${config.siteName}`,
      [`Enter this code to confirm your e-mail address for ${config.siteName}.`, validity(config)],
      code,
    ),
  recoveryCode: (config: MailConfig, to: string, code: string) =>
    message(
      to,
      'recovery_code_valid',
      `Reset your ${config.siteName} password`,
      [`Enter this code to recover your ${config.siteName} account.`, validity(config)],
      code,
    ),
  /** To an address without an account that asked for recovery (Kratos `recovery_code_invalid`). */
  recoveryUnknown: (config: MailConfig, to: string) =>
    message(to, 'recovery_code_invalid', `Account recovery at ${config.siteName}`, [
      `Someone asked to recover an account at ${config.siteName} with this e-mail address, but there is no account for it.`,
      `If it was you, check whether you signed up with a different address, or create an account at ${config.ui.registration}`,
      'If you did not ask, you can ignore this e-mail.',
    ]),
  loginCode: (config: MailConfig, to: string, code: string) =>
    message(
      to,
      'login_code_valid',
      `Your ${config.siteName} sign-in code`,
      [`Enter this code to sign in to ${config.siteName}.`, validity(config)],
      code,
    ),
  /**
   * To an address without an account that asked for a sign-in code: it says so, and where to register.
   * The code only confirms that the request came from this mailbox; the sign-in page then answers that
   * there is no account (4000035).
   */
  loginCodeUnknown: (config: MailConfig, to: string, code: string) =>
    message(
      to,
      'login_code_valid',
      `Your ${config.siteName} sign-in code`,
      [
        `Someone asked to sign in to ${config.siteName} with this e-mail address, but there is no account for it.`,
        `If it was you, you can create an account at ${config.ui.registration}`,
        `Entering this code on the sign-in page will not sign you in; it will only confirm that there is no account for this address. ${validity(config)}`,
      ],
      code,
    ),
  registrationCode: (config: MailConfig, to: string, code: string) =>
    message(
      to,
      'registration_code_valid',
      `Complete your ${config.siteName} registration`,
      [`Enter this code to complete your registration at ${config.siteName}.`, validity(config)],
      code,
    ),
};
