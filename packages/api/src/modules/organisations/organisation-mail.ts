import type { MailMessage } from '../email-change/email-change-mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The invitation to an address with no account yet: a seat in the organisation's membership is held
 * for it, and becomes the reader's once they register with this address and confirm it.
 */
export function organisationInvitationMessage(input: {
  to: string;
  siteName: string;
  siteUrl: string;
  accountTitle: string;
}): MailMessage {
  const base = input.siteUrl.replace(/\/+$/, '');
  const link = `${base}/user/register/?return_to=${encodeURIComponent(`${base}/`)}`;
  const lines = [
    `${input.accountTitle} has given you a seat in its ${input.siteName} membership.`,
    `Create your account with this e-mail address (${input.to}) and confirm it: the membership is yours from your next sign-in.`,
  ];
  return {
    to: input.to,
    subject: `${input.accountTitle} invites you to ${input.siteName}`,
    templateType: 'organisation_invitation',
    text: `${lines.join('\n\n')}\n\nCreate your account: ${link}\n`,
    html:
      '<!doctype html><html><body style="font-family:sans-serif">' +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">Create your account</a></p>` +
      '</body></html>',
  };
}
