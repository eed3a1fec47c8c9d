import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCESS_HEADER, encodeGateResult, type AccessModule, type GateResult } from '@bof/api/access';
import { giftCheckUrl, meterCheckUrl, storyRequest, withoutMeterCheck } from './story-request';

type Handle = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The server entry's part in story requests: every request loses a client-sent ACCESS_HEADER; a story
 * request (`/articles/{section}/{slug}/`, `/case-studies/{slug}/`, its `report.pdf`) is decided by the
 * access gate before Next.js sees it, and the decision travels to the page in ACCESS_HEADER. A counted read
 * sets the meter cookie; a live gift link opened by a browser without our cookie is sent round once to the
 * same address with it (`gift_check=1`), so it is recognised as one reader; an anonymous request without a
 * meter cookie for a story that would count is sent round once too (`meter_check=<token>`, the meter cookie
 * check), and when the cookie comes back, on to the address without the check; a full page may come from the
 * story page cache. Returns false when the request is not a story's (the caller hands it to Next.js).
 */
export function handleStoryRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: {
    gate: AccessModule['gate'];
    handle: Handle;
    /** Answers from the story page cache; it sets ACCESS_HEADER on `req` itself before it renders. */
    storyPages?: { serve(req: IncomingMessage, res: ServerResponse, result: GateResult): boolean };
  },
): boolean {
  delete req.headers[ACCESS_HEADER];
  const story = storyRequest(req.method, req.url, req.headers);
  if (!story) return false;
  deps.gate
    .decide({
      cookieHeader: req.headers.cookie,
      slug: story.slug,
      count: story.count,
      pageView: story.pageView,
      gift: story.gift,
      giftCookieChecked: story.giftCookieChecked,
      meterCheck: story.meterCheck,
      userAgent: story.userAgent,
      socketAddress: req.socket.remoteAddress,
      forwardedFor:
        typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : null,
    })
    .then((result) => {
      // A story the access index does not know yet: the page decides from the story it reads itself.
      if (!result) return deps.handle(req, res);
      if (result.giftCookieCheck) {
        res.writeHead(303, {
          location: giftCheckUrl(req.url ?? '/'),
          'set-cookie': result.setCookies,
          'cache-control': 'private, no-store',
        });
        return void res.end();
      }
      const check = result.meterCookieCheck;
      if (check) {
        res.writeHead(303, {
          location:
            check.redirect === 'check'
              ? meterCheckUrl(req.url ?? '/', check.token)
              : withoutMeterCheck(req.url ?? '/'),
          ...(result.setCookies.length > 0 ? { 'set-cookie': result.setCookies } : {}),
          'cache-control': 'private, no-store',
        });
        return void res.end();
      }
      // The page (and the story page cache's key) never carries the check's parameter: a browser that
      // refused the cookie gets the page of the address it asked for.
      if (story.meterCheck !== undefined && req.url) req.url = withoutMeterCheck(req.url);
      // A page from the cache needs no decision header: the cache writes it before any render of its own.
      if (deps.storyPages?.serve(req, res, result)) return;
      req.headers[ACCESS_HEADER] = encodeGateResult(result);
      for (const cookie of result.setCookies) res.appendHeader('set-cookie', cookie);
      return deps.handle(req, res);
    })
    .catch((error: unknown) => {
      // The page decides again without counting and fails closed; a failure there shows the error page.
      console.error('Deciding access failed', error);
      if (res.headersSent) return void res.destroy();
      delete req.headers[ACCESS_HEADER];
      return deps.handle(req, res);
    });
  return true;
}
