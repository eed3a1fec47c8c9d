import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JobPage } from '@bof/api/careers';

const JOB_PAGE = /^\/careers\/([a-z0-9-]{1,120})\/?$/;
const NOT_A_JOB = new Set(['your-jobs']);

const GONE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Job listing removed</title></head>
<body>
<h1>This job listing has been removed</h1>
<p>It closed more than 30 days ago. <a href="/careers/">See the open jobs</a>.</p>
</body></html>`;

/** The slug of a job page request (GET or HEAD of /careers/{slug}/), or null. */
export function jobPageSlug(req: Pick<IncomingMessage, 'method' | 'url'>): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const path = (req.url ?? '').split('?')[0] ?? '';
  const slug = JOB_PAGE.exec(path)?.[1];
  return slug && !NOT_A_JOB.has(slug) ? slug : null;
}

/**
 * Answers a job page whose listing closed over 30 days ago with 410 Gone (a Next.js page cannot choose
 * that status), so search engines drop it; every other request goes on to `next`.
 */
export function handleGoneJob(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { page: (slug: string) => Promise<JobPage>; next: () => void },
): boolean {
  const slug = jobPageSlug(req);
  if (!slug) return false;
  deps.page(slug).then(
    (page) => {
      if (page.state !== 'gone') return deps.next();
      res.statusCode = 410;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'public, max-age=3600');
      res.end(req.method === 'HEAD' ? undefined : GONE_HTML);
    },
    () => deps.next(),
  );
  return true;
}
