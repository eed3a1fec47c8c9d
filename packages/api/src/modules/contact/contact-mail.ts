import type { MailMessage } from '../email-change/email-change-mail';
import type { ContactKind } from './contact.inputs';
import type { StoredEnquiry } from './contact.repo';

/** What each desk is called in e-mails. */
export const DESK_NAMES: Record<ContactKind, string> = {
  professional: 'Professional memberships',
  student: 'Student memberships',
  insights: 'BoF Insights',
  media: 'Media and press',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const html = (paragraphs: string[]) =>
  '<!doctype html><html><body style="font-family:sans-serif">' +
  paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('') +
  '</body></html>';

/**
 * What the sender receives: which desk has the enquiry, and its reference. It repeats nothing they typed
 * (not their name, not their message): the address is unchecked, and the form must not be a way to
 * deliver someone's text to another person's inbox.
 */
export function acknowledgementMessage(siteName: string, enquiry: StoredEnquiry): MailMessage {
  const desk = DESK_NAMES[enquiry.kind];
  const paragraphs = [
    `Thank you for writing to ${siteName}. Your message has reached our ${desk} team, who answer within two working days.`,
    `Your reference is ${enquiry.id}.`,
    'If you did not write to us, someone else entered your address: you can ignore this e-mail.',
  ];
  return {
    to: enquiry.email,
    subject: `We have your enquiry: ${desk}`,
    templateType: 'contact_acknowledgement',
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(paragraphs),
  };
}

/** The enquiry as the desk's inbox receives it; the sender's address is in the text to reply to. */
export function deskMessage(deskAddress: string, enquiry: StoredEnquiry): MailMessage {
  const desk = DESK_NAMES[enquiry.kind];
  const paragraphs = [
    `${desk} enquiry ${enquiry.id}`,
    `From: ${enquiry.name} <${enquiry.email}>${enquiry.organisation ? `, ${enquiry.organisation}` : ''}`,
    enquiry.userId ? `Signed in as reader ${enquiry.userId}.` : 'Not signed in.',
    `Sent from ${enquiry.senderIp ?? 'an unknown address'}.`,
    enquiry.message,
  ];
  return {
    to: deskAddress,
    subject: `[${desk}] Enquiry from ${enquiry.name}`,
    templateType: 'contact_enquiry',
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(paragraphs),
  };
}
