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

const validity = 'The code is valid for 10 minutes. If you did not ask for it, you can ignore this e-mail.';

/** The courier's e-mails, named as Kratos names its templates. */
export const templates = {
  verificationCode: (site: string, to: string, code: string) =>
    message(
      to,
      'verification_code_valid',
      `Confirm your e-mail address for ${site}`,
      [`Enter this code to confirm your e-mail address for ${site}.`, validity],
      code,
    ),
  recoveryCode: (site: string, to: string, code: string) =>
    message(
      to,
      'recovery_code_valid',
      `Reset your ${site} password`,
      [`Enter this code to recover your ${site} account.`, validity],
      code,
    ),
  recoveryUnknown: (site: string, to: string) =>
    message(to, 'recovery_code_invalid', `Account recovery at ${site}`, [
      `Someone asked to recover an account at ${site} with this e-mail address, but there is no account for it.`,
      'If it was you, check whether you signed up with a different address, or create an account.',
    ]),
  loginCode: (site: string, to: string, code: string) =>
    message(
      to,
      'login_code_valid',
      `Your ${site} sign-in code`,
      [`Enter this code to sign in to ${site}.`, validity],
      code,
    ),
  loginCodeUnknown: (site: string, to: string, code: string) =>
    message(
      to,
      'login_code_valid',
      `Your ${site} sign-in code`,
      [
        `Someone asked to sign in to ${site} with this address, which has no account yet.`,
        'Enter this code to continue; you will be offered to create an account.',
        validity,
      ],
      code,
    ),
  registrationCode: (site: string, to: string, code: string) =>
    message(
      to,
      'registration_code_valid',
      `Complete your ${site} registration`,
      [`Enter this code to complete your registration at ${site}.`, validity],
      code,
    ),
};
