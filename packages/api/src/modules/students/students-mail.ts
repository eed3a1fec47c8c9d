import type { MailMessage } from '../email-change/email-change-mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const html = (lines: string[], extra = '') =>
  '<!doctype html><html><body style="font-family:sans-serif">' +
  lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
  extra +
  '</body></html>';

/**
 * The code that verifies an academic address. Its text says "Your code: 123456" as every code e-mail of
 * the courier does, so the development mailbox lists the code.
 */
export function academicCodeMessage(input: {
  siteName: string;
  to: string;
  code: string;
  validMinutes: number;
}): MailMessage {
  const lines = [
    `Enter this code on the ${input.siteName} student membership page to verify ${input.to} as your academic address.`,
    `The code is valid for ${input.validMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
  ];
  return {
    to: input.to,
    subject: `Verify your academic e-mail address for ${input.siteName}`,
    templateType: 'academic_email_code',
    text: `${lines.join('\n\n')}\n\nYour code: ${input.code}\n`,
    html: html(
      lines,
      `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(input.code)}</strong></p>`,
    ),
  };
}

/** 14 days before the renewal after graduation: the membership moves to Standard unless cancelled. */
export function graduationNoticeMessage(input: {
  siteName: string;
  to: string;
  renewsOn: string;
  graduationYear: number | null;
  standardTitle: string;
  standardPrice: string;
  cancelUrl: string;
  moved: boolean;
}): MailMessage {
  const graduated =
    input.graduationYear === null
      ? 'We have no graduation year on record for you.'
      : `Your graduation year, ${input.graduationYear}, has passed.`;
  const lines = input.moved
    ? [
        `${graduated} Your student membership renewed on ${input.renewsOn} as a ${input.standardTitle} membership, at ${input.standardPrice} a year.`,
        `You can cancel at any time: ${input.cancelUrl}`,
      ]
    : [
        `${graduated} Congratulations! Your student membership renews on ${input.renewsOn}, and from then it becomes a ${input.standardTitle} membership at ${input.standardPrice} a year.`,
        `Nothing to do if you want to keep reading. To cancel instead, do so before ${input.renewsOn}: ${input.cancelUrl}`,
      ];
  return {
    to: input.to,
    subject: input.moved
      ? `Your ${input.siteName} membership is now ${input.standardTitle}`
      : `Your ${input.siteName} student membership becomes ${input.standardTitle} on ${input.renewsOn}`,
    templateType: 'student_graduation_notice',
    text: `${lines.join('\n\n')}\n`,
    html: html(lines),
  };
}
