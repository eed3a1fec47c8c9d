import type { Database } from '@bof/db/client';

/** An e-mail as the identity server's courier takes it (SMTP, or the outbox shown at `/_dev/mail/`). */
export interface MailMessage {
  to: string;
  subject: string;
  templateType: string;
  text: string;
  html: string;
  /** Extra message headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with the message; one with a `cid` is an inline image the HTML shows (`cid:<cid>`). */
  attachments?: MailAttachment[];
}

/** A file sent with an e-mail, its content base64-encoded. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  cid?: string;
}

/** The courier port: the composition root hands in the identity server's mailer. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * The same courier writing through a database transaction (the outbox only): a message and the
   * caller's record of it commit together or not at all.
   */
  within?(tx: Database): Mailer;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The message carrying the code to the new address. Its text says "Your code: 123456" as every code
 * e-mail of the courier does, so the development mailbox lists the code.
 */
export function emailChangeCodeMessage(input: {
  siteName: string;
  to: string;
  code: string;
  validMinutes: number;
}): MailMessage {
  const lines = [
    `Enter this code on your ${input.siteName} account page to make ${input.to} your sign-in address.`,
    `The code is valid for ${input.validMinutes} minutes. If you did not ask for it, you can ignore this e-mail: nothing changes without it.`,
  ];
  return {
    to: input.to,
    subject: `Confirm your new e-mail address for ${input.siteName}`,
    templateType: 'email_change_code',
    text: `${lines.join('\n\n')}\n\nYour code: ${input.code}\n`,
    html:
      '<!doctype html><html><body style="font-family:sans-serif">' +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(input.code)}</strong></p>` +
      '</body></html>',
  };
}
