import { expect, type APIRequestContext } from '@playwright/test';
import { e2eBase } from './site';

/** A fresh address for one journey, so journeys never share an identity. */
export const freshEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

// A read may meet the server closing an idle keep-alive connection as the request goes out; a browser
// retries an idempotent request then, and so does this (Playwright retries ECONNRESET only).
const OUTBOX_READ = { maxRetries: 2 };

/**
 * The newest code the identity server e-mailed to `recipient`, read from the embedded outbox at
 * `/_dev/mail/` (the server writes there instead of sending when no SMTP server is configured).
 */
export async function latestCodeFor(
  request: APIRequestContext,
  recipient: string,
  after = 0,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await request.get(`${e2eBase}/_dev/mail/`, OUTBOX_READ)).text();
        const articles = html.split('<article').slice(1);
        const mine = articles.filter((a) => a.includes(`<span data-recipient>${recipient}</span>`));
        // Newest first; `after` skips codes already used by this journey.
        code = mine.length > after ? /data-code>(\d{6})</.exec(mine[0] ?? '')?.[1] : undefined;
        return code;
      },
      { message: `a code e-mailed to ${recipient}` },
    )
    .toBeTruthy();
  return code!;
}

/** How many messages the outbox holds for `recipient`. */
export async function messageCount(request: APIRequestContext, recipient: string): Promise<number> {
  const html = await (await request.get(`${e2eBase}/_dev/mail/`, OUTBOX_READ)).text();
  return html.split(`<span data-recipient>${recipient}</span>`).length - 1;
}
