import PDFDocument from 'pdfkit';
import type { Currency } from '@bof/config/constants';
import type { BillingInfo, ProviderInvoice } from '@bof/billing/billing-provider';
import { findPlan } from '@bof/billing/plans';
import { formatMoney } from '@bof/billing/pricing';
import { taxFor, taxOn } from '@bof/billing/tax';

/** Who the invoice is from and for, and how to write its figures. */
export interface InvoiceContext {
  siteName: string;
  siteUrl: string;
  /** The reader's locale: dates and amounts are written as the membership page writes them. */
  locale: string;
  email: string;
  /** The card on file, for the name, country and card; null when the provider has none. */
  billingInfo: BillingInfo | null;
}

const INK = '#141414';
const MUTED = '#575757';
const ACCENT = '#a3122a';

/**
 * The PDF standard fonts speak Windows-1252: a narrow no-break space (fr-FR amounts) becomes a no-break
 * space, the rupee sign its code, and anything else the fonts cannot draw a question mark.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/\u202f/g, '\u00a0')
    .replace(/₹\s?/g, 'INR\u00a0')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff€‘’“”–—…•]/g, '?');
}

function statusText(state: ProviderInvoice['state']): string {
  return state === 'paid' ? 'Paid' : state === 'failed' ? 'Payment failed' : 'Awaiting payment';
}

/**
 * The invoice as a PDF, made from the provider's record of it: number, date, who it is billed to, the
 * plan, the amount before tax, the tax, the total and what the card paid. Uses the PDF standard fonts.
 * Resolves to the finished file.
 */
export function renderInvoicePdf(invoice: ProviderInvoice, context: InvoiceContext): Promise<Buffer> {
  const { locale, billingInfo } = context;
  const money = (minor: number) => pdfSafe(formatMoney(minor, invoice.currency as Currency, locale));
  const date = pdfSafe(new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(invoice.createdAt));
  const plan = findPlan(invoice.planCode ?? '');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: {
      Title: `Invoice ${invoice.id}`,
      Author: context.siteName,
      Subject: `${context.siteName} membership invoice`,
      Creator: context.siteName,
      CreationDate: invoice.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 64;
  const width = doc.page.width - 128;

  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(pdfSafe(`${context.siteName.toUpperCase()} · INVOICE`));
  doc.moveDown(1);
  doc
    .fillColor(INK)
    .font('Times-Bold')
    .fontSize(24)
    .text(pdfSafe(`Invoice ${invoice.id}`));
  doc.moveDown(0.4);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(`${date} · ${statusText(invoice.state)}`);
  doc.moveDown(1.5);

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text('Billed to');
  doc.font('Helvetica').fontSize(10);
  const name = billingInfo ? `${billingInfo.firstName} ${billingInfo.lastName}`.trim() : '';
  if (name) doc.text(pdfSafe(name));
  doc.text(pdfSafe(context.email));
  if (billingInfo?.countryCode) {
    const country =
      new Intl.DisplayNames([locale], { type: 'region' }).of(billingInfo.countryCode) ??
      billingInfo.countryCode;
    doc.text(pdfSafe([billingInfo.postalCode, country].filter(Boolean).join(', ')));
  }
  doc.moveDown(1.5);

  // The lines: the plan before tax, its tax, the total, and what the card paid.
  const rows: { label: string; amount: string; bold?: boolean }[] = [
    { label: `${plan?.title ?? 'Membership'} membership`, amount: money(invoice.subtotal) },
  ];
  const tax = billingInfo ? taxFor(billingInfo.countryCode) : null;
  const taxLabel =
    tax && tax.type !== 'none' && taxOn(invoice.subtotal, tax) === invoice.tax
      ? `${tax.type} (${Math.round(tax.rate * 1000) / 10} %)`
      : 'Tax';
  rows.push({ label: taxLabel, amount: money(invoice.tax) });
  rows.push({ label: 'Total', amount: money(invoice.total), bold: true });
  if (invoice.paid > 0 && invoice.paid !== invoice.total) {
    rows.push({ label: 'Credit applied', amount: money(invoice.paid - invoice.total) });
  }
  const card = billingInfo ? `${billingInfo.card.cardType} ending ${billingInfo.card.lastFour}` : 'card';
  rows.push({
    label: invoice.state === 'paid' ? `Paid by ${card}` : 'Paid',
    amount: money(invoice.paid),
    bold: true,
  });

  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  doc.moveDown(0.6);
  for (const row of rows) {
    const y = doc.y;
    doc
      .fillColor(INK)
      .font(row.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11);
    doc.text(pdfSafe(row.label), left, y, { width: width * 0.65 });
    doc.text(row.amount, left + width * 0.65, y, { width: width * 0.35, align: 'right' });
    doc.moveDown(0.5);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  doc.moveDown(1.5);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(
      pdfSafe(`Amounts in ${invoice.currency}. Your membership: ${context.siteUrl}/user/membership/`),
      left,
      doc.y,
      {
        width,
      },
    );
  doc.end();
  return done;
}
