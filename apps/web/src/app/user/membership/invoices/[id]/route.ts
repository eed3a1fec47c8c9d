import { hasErrorCode } from '@bof/api/errors';
import { runningServices } from '@bof/api/running-services';
import { readerLocale } from '../../../../../server/reader-locale';
import { getServerViewer } from '../../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });

/**
 * One of the signed-in reader's invoices as a PDF, made from the billing provider's record of it. Only the
 * invoice's owner gets it: the invoice is looked up among the reader's own invoices, so another reader's
 * id (or an unknown one) is a 404 that says no more.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await getServerViewer();
  if (!viewer) return text('Sign in to download your invoices.', 401);
  const { id } = await params;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return text('No such invoice.', 404);
  const { locale } = await readerLocale();
  let pdf: Buffer | null;
  try {
    pdf = await (
      await runningServices()
    ).billing.invoicePdf({ userId: viewer.user_id, email: viewer.email, invoiceId: id, locale });
  } catch (error) {
    if (!hasErrorCode(error, 'billing_unavailable')) throw error;
    console.error('Invoice PDF: billing provider unavailable', error);
    return text('We cannot reach our payment provider right now. Please try again in a few minutes.', 503);
  }
  if (!pdf) return text('No such invoice.', 404);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="invoice-${id}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
