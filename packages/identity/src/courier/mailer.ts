import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '@bof/db/client';
import { identityCourierMessages } from '@bof/db/schema';

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

/** The courier's e-mail port: SMTP in production, the outbox table in the embedded mode. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * The same courier writing through a database transaction (the outbox only): a message and the
   * caller's record of it commit together or not at all.
   */
  within?(tx: Database): Mailer;
}

/** Writes messages to the outbox table, shown at `/_dev/mail/`. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    async send(message) {
      await db.insert(identityCourierMessages).values({
        id: randomUUID(),
        recipient: message.to,
        subject: message.subject,
        templateType: message.templateType,
        bodyText: message.text,
        bodyHtml: message.html,
        attachments: message.attachments?.length ? message.attachments : null,
        status: 'queued',
      });
    },
    within: (tx) => createOutboxMailer(tx),
  };
}

/** Sends through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
                ...(a.cid ? { cid: a.cid } : {}),
              })),
            }
          : {}),
      });
    },
  };
}

/** The newest messages of the outbox, for the development mailbox page and tests. */
export async function listOutbox(db: Database, limit = 50) {
  return db
    .select()
    .from(identityCourierMessages)
    .orderBy(desc(identityCourierMessages.createdAt))
    .limit(limit);
}
