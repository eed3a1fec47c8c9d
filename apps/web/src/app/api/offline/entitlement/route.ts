import { opensStory } from '@bof/api/access';
import { runningServices } from '@bof/api/running-services';
import { MAX_SAVED_STORIES } from '../../../../sw/offline-caches';
import { readJsonBody } from '../../../../server/read-json-body';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 16 * 1024;
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * Which of the stories saved for offline this reader is still entitled to (issue 27): the app asks on
 * start with the slugs it holds, and drops the others. Each is the access decision of this request's
 * cookies, taken without counting a read (a read that would count is not opened): a reader who signed out
 * or lost the membership keeps only what is open to them now. 400 when the body is not a list of slugs.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok)
    return Response.json({ error: { code: body.code, message: body.message } }, { status: body.status });
  const slugs = (body.value as { slugs?: unknown }).slugs;
  if (
    !Array.isArray(slugs) ||
    slugs.length > MAX_SAVED_STORIES ||
    !slugs.every((slug): slug is string => typeof slug === 'string' && SLUG.test(slug))
  )
    return Response.json(
      {
        error: {
          code: 'invalid_slugs',
          message: `Send { "slugs": [...] }: at most ${MAX_SAVED_STORIES} story slugs (lower-case letters, digits and hyphens).`,
        },
      },
      { status: 400 },
    );
  const { gate } = (await runningServices()).access;
  const cookieHeader = request.headers.get('cookie');
  const entitled: string[] = [];
  for (const slug of new Set(slugs)) {
    const result = await gate.decide({ slug, cookieHeader, count: false, pageView: false });
    if (result && opensStory(result)) entitled.push(slug);
  }
  return Response.json({ entitled }, { headers: { 'cache-control': 'no-store' } });
}
