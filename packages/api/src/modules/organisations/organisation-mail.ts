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

/**
 * The proof that the account may claim a domain: a link to a page where someone reading mail at that
 * domain confirms the claim with a button (a mail scanner following the link confirms nothing).
 */
export function domainVerificationMessage(input: {
  to: string;
  siteName: string;
  siteUrl: string;
  accountTitle: string;
  domain: string;
  token: string;
  validHours: number;
}): MailMessage {
  const base = input.siteUrl.replace(/\/+$/, '');
  const link = `${base}/user/organisations/domains/confirm/?token=${encodeURIComponent(input.token)}`;
  const lines = [
    `${input.accountTitle} asks to claim the e-mail domain ${input.domain} for its ${input.siteName} membership.`,
    `Once confirmed, anyone who signs in with a verified address at ${input.domain} may join that membership and take one of its seats.`,
    `If this is right, open the link and press "Confirm". The link works for ${input.validHours} hours. If you did not expect this, ignore this e-mail: nothing happens.`,
  ];
  return {
    to: input.to,
    subject: `Confirm ${input.domain} for ${input.accountTitle}'s ${input.siteName} membership`,
    templateType: 'organisation_domain_verification',
    text: `${lines.join('\n\n')}\n\nConfirm the domain: ${link}\n`,
    html:
      '<!doctype html><html><body style="font-family:sans-serif">' +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">Confirm the domain</a></p>` +
      '</body></html>',
  };
}
