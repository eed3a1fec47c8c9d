import { createElement as h } from 'react';
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
  render,
} from '@react-email/components';
import { createEvent } from 'ics';
import QRCode from 'qrcode';
import type { MailMessage } from '../email-change/email-change-mail';
import { formatMoney, formatEventWhen } from './event-format';

/** What the order e-mail says: the order, its event, and each ticket's signed code. */
export interface OrderEmailInput {
  siteName: string;
  siteUrl: string;
  to: string;
  orderId: string;
  ticketTypeName: string;
  currency: string;
  amount: number;
  event: {
    slug: string;
    title: string;
    summary: string;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
    venueName: string | null;
    venueAddress: string | null;
    eventPlatform: string | null;
  };
  tickets: { code: string }[];
}

const font = 'Georgia, "Times New Roman", serif';
const styles = {
  body: { margin: '0', padding: '0', backgroundColor: '#ffffff', fontFamily: font, color: '#111111' },
  container: { width: '100%', maxWidth: '600px', margin: '0 auto', padding: '16px' },
  title: { fontSize: '26px', lineHeight: '32px', margin: '0 0 12px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 8px' },
  code: { fontSize: '13px', lineHeight: '18px', margin: '4px 0 16px', fontFamily: 'monospace' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#666666' },
} as const;

/** Where the event is: its venue, or the online platform it is held on. */
export function placeOf(event: OrderEmailInput['event']): string {
  if (event.venueName) return [event.venueName, event.venueAddress].filter(Boolean).join(', ');
  return `Online (${event.eventPlatform ?? 'online'})`;
}

function OrderEmail({ input, qrCids }: { input: OrderEmailInput; qrCids: string[] }) {
  const eventUrl = `${input.siteUrl}/events/${input.event.slug}/`;
  const count = input.tickets.length;
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(Head, null, h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' })),
    h(Preview, null, `Your ${count === 1 ? 'ticket' : `${count} tickets`} for ${input.event.title}`),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.title }, `Your tickets for ${input.event.title}`),
        h(Text, { style: styles.text }, formatEventWhen(input.event)),
        h(Text, { style: styles.text }, placeOf(input.event)),
        h(
          Text,
          { style: styles.text },
          `Order ${input.orderId}: ${count} × ${input.ticketTypeName}, ${formatMoney(input.amount, input.currency)} paid. `,
          'Show one code per person at the door; the calendar file is attached.',
        ),
        ...input.tickets.map((ticket, i) =>
          h(
            Section,
            { key: ticket.code },
            h(Heading, { as: 'h2', style: styles.text }, `Ticket ${i + 1} of ${count}`),
            h(Img, {
              src: `cid:${qrCids[i]}`,
              width: 200,
              height: 200,
              alt: `QR code of ticket ${i + 1}: ${ticket.code}`,
            }),
            h(Text, { style: styles.code }, ticket.code),
          ),
        ),
        h(Hr, null),
        h(
          Text,
          { style: styles.footer },
          `${input.siteName} · `,
          h(Link, { href: eventUrl }, 'The event page'),
          ' · ',
          h(Link, { href: `${input.siteUrl}/user/tickets/` }, 'Your tickets'),
        ),
      ),
    ),
  );
}

/** The event as an iCalendar file (UTC times; the event's own zone is in the description). */
export function calendarFileOf(input: OrderEmailInput): string {
  const utc = (d: Date) =>
    [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()] as [
      number,
      number,
      number,
      number,
      number,
    ];
  const { error, value } = createEvent({
    uid: `order-${input.orderId}@events`,
    title: input.event.title,
    description: `${input.event.summary}\n\nOrder ${input.orderId}: ${input.tickets.length} × ${input.ticketTypeName}.`,
    start: utc(input.event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(input.event.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: placeOf(input.event),
    url: `${input.siteUrl}/events/${input.event.slug}/`,
    productId: input.siteName,
    status: 'CONFIRMED',
  });
  if (error || !value) throw new Error(`The calendar file could not be made: ${String(error)}`);
  return value;
}

/**
 * The order e-mail: HTML and plain text from one React Email source, one QR image per ticket (inline,
 * encoding the ticket's signed code) and the event's `.ics` file.
 */
export async function orderEmailMessage(input: OrderEmailInput): Promise<MailMessage> {
  const qrCids = input.tickets.map((_, i) => `ticket-${i + 1}@${input.orderId}`);
  const images = await Promise.all(
    input.tickets.map((ticket) =>
      QRCode.toBuffer(ticket.code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 }),
    ),
  );
  const element = h(OrderEmail, { input, qrCids });
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: { wordwrap: false } }),
  ]);
  return {
    to: input.to,
    subject: `Your tickets for ${input.event.title}`,
    templateType: 'event_order',
    html,
    text,
    attachments: [
      ...images.map((png, i) => ({
        filename: `ticket-${i + 1}.png`,
        contentType: 'image/png',
        contentBase64: png.toString('base64'),
        cid: qrCids[i]!,
      })),
      {
        filename: `${input.event.slug}.ics`,
        contentType: 'text/calendar',
        contentBase64: Buffer.from(calendarFileOf(input)).toString('base64'),
      },
    ],
  };
}
