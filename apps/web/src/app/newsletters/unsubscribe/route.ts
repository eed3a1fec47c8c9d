import { runningServices } from '@bof/api/running-services';

export const dynamic = 'force-dynamic';

const page = (title: string, body: string, status = 200) =>
  new Response(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get('token') ?? '').slice(0, 400);
const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A newsletter e-mail's List-Unsubscribe link. GET shows a button (link scanners must not unsubscribe
 * anyone); POST, the mail client's one-click request (RFC 8058) or the button, unsubscribes without a
 * session. A bad token is refused without saying whether the reader exists.
 */
export async function GET(request: Request) {
  const token = tokenOf(request);
  if (!token) return page('Unsubscribe', '<p>This unsubscribe link is incomplete.</p>', 400);
  return page(
    'Unsubscribe',
    `<form method="post" action="/newsletters/unsubscribe/?token=${escapeAttr(encodeURIComponent(token))}"><p>Stop receiving this newsletter?</p><button type="submit">Unsubscribe</button></form>`,
  );
}

export async function POST(request: Request) {
  const outcome = await (await runningServices()).newsletters.unsubscribeWithToken(tokenOf(request));
  if (outcome === 'invalid')
    return page(
      'Unsubscribe',
      '<p>This unsubscribe link is not valid. Manage your newsletters from your account.</p>',
      400,
    );
  return page('Unsubscribed', '<p>You will not receive this newsletter any more.</p>');
}
