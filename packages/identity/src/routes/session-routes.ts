import type { Hono } from 'hono';
import { errors, KratosError } from '../http/kratos-error';
import { json } from '../http/responses';
import { serializeSession } from '../http/serialize';
import { sha256 } from '../security/codes';
import type { ClientInfo } from '../http/request-context';
import { sessionTokenOf } from '../http/session-cookie';
import type { RouteDeps } from './route-deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Kratos's page token of list pages (ory/x tokenpagination): base64url of `{"offset":"N","v":2}`. */
export const encodePageToken = (offset: number) =>
  Buffer.from(JSON.stringify({ offset: String(offset), v: 2 })).toString('base64url');

function decodePageToken(token: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { offset?: unknown };
    const offset = Number(parsed.offset);
    return Number.isInteger(offset) && offset > 0 ? offset : 0;
  } catch {
    return 0;
  }
}

const integer = (value: string | undefined) => {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number(value);
};

/**
 * `GET /sessions` paging as Kratos does it (ory/x migrationpagination): `page_token`/`page_size` when
 * either is given, else `page`/`per_page`; sizes default to 250 and are held within 1..1000; a token or
 * number that cannot be read means the first page (Kratos ignores it rather than refusing it).
 */
export function parseSessionPaging(query: URLSearchParams): { page: number; perPage: number } {
  const clamp = (n: number | undefined) => Math.min(1000, Math.max(1, n ?? 250));
  if (query.has('page_token') || query.has('page_size')) {
    const perPage = clamp(integer(query.get('page_size') ?? undefined));
    const offset = decodePageToken(query.get('page_token') ?? '');
    return { page: Math.floor(offset / perPage), perPage };
  }
  const perPage = clamp(integer(query.get('per_page') ?? undefined));
  const page = Math.max(0, integer(query.get('page') ?? undefined) ?? 0);
  return { page, perPage };
}

/** Kratos's `Link` header of a list page (ory/x pagination.HeaderWithFormatter, migration format). */
export function sessionPageLinks(
  path: string,
  query: URLSearchParams,
  total: number,
  page: number,
  perPage: number,
) {
  const offset = page * perPage;
  const lastOffset = total % perPage === 0 ? total - perPage : Math.floor(total / perPage) * perPage;
  const link = (rel: string, size: number, at: number) => {
    const q = new URLSearchParams(query);
    q.set('page_size', String(size));
    q.set('page_token', encodePageToken(at));
    q.set('per_page', String(size));
    q.set('page', String(Math.floor(at / size)));
    q.sort();
    return `<${path}?${q.toString()}>; rel="${rel}"`;
  };
  if (offset >= lastOffset) {
    if (total === 0)
      return [
        link('first', perPage, 0),
        link('next', perPage, (page + 1) * perPage),
        link('prev', perPage, (page - 1) * perPage),
      ].join(',');
    if (total <= perPage) return link('first', total, 0);
    return [link('first', perPage, 0), link('prev', perPage, lastOffset - perPage)].join(',');
  }
  if (offset < perPage) return [link('next', perPage, perPage), link('last', perPage, lastOffset)].join(',');
  return [
    link('first', perPage, 0),
    link('next', perPage, (page + 1) * perPage),
    link('prev', perPage, (page - 1) * perPage),
    link('last', perPage, lastOffset),
  ].join(',');
}

const whoamiAnswer = (body: string, identityId: string) =>
  new Response(body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-cache, no-store, must-revalidate',
      'x-kratos-authenticated-identity-id': identityId,
    },
  });

/** The JSON body of a whoami answer and whose session it is. */
export interface WhoamiAnswer {
  body: string;
  identityId: string;
}

/**
 * The whoami answer for a session token (null: no live session of an active identity): the cached answer
 * when it may still be served, else one prepared query, whose answer is cached. The route and the
 * server's in-process `whoami` both answer with it.
 */
export function createWhoami(
  parts: Pick<RouteDeps, 'base' | 'sessions' | 'cache' | 'clock'>,
): (token: string) => Promise<WhoamiAnswer | null> {
  const { base, sessions, cache, clock } = parts;
  return async (token) => {
    const key = sha256(token);
    const now = clock();
    const at = now.getTime();
    const hit = cache?.get(key, at);
    if (hit) return { body: hit.body, identityId: hit.identityId };
    const generation = cache?.generation();
    const found = await sessions.findForWhoami(key, now);
    if (!found || found.identity.state !== 'active') return null;
    const body = JSON.stringify(serializeSession(found.session, found.identity, base, now));
    if (cache && generation !== undefined)
      cache.set(
        key,
        {
          sessionId: found.session.id,
          identityId: found.identity.id,
          identityState: found.identity.state,
          expiresAt: found.session.expiresAt.getTime(),
          body,
        },
        generation,
        at,
      );
    return { body, identityId: found.identity.id };
  };
}

/** whoami, the session list, revocations and the session token exchange. */
export function registerSessionRoutes(
  app: Hono<{ Bindings: ClientInfo }>,
  parts: Pick<
    RouteDeps,
    'base' | 'sessions' | 'cache' | 'clock' | 'sessionOf' | 'exchanges' | 'identities' | 'flows' | 'flowJson'
  >,
) {
  const { base, sessions, clock } = parts;
  const mount = new URL(base).pathname.replace(/\/+$/, '');

  // whoami: the cached answer when it may still be served, else one prepared query; no CSRF cookie.
  const answer = createWhoami(parts);
  app.get('/sessions/whoami', async (c) => {
    const token = sessionTokenOf(c.req.raw);
    const found = token ? await answer(token) : null;
    if (!found) return json(errors.noSession().body(), 401);
    return whoamiAnswer(found.body, found.identityId);
  });

  app.get('/sessions', async (c) => {
    const now = clock();
    const session = await parts.sessionOf(c.req.raw, now);
    if (!session) return json(errors.noSession().body(), 401);
    const query = new URL(c.req.url).searchParams;
    const { page, perPage } = parseSessionPaging(query);
    const { sessions: rows, total } = await sessions.listOthers(
      session.identityId,
      session.id,
      now,
      perPage,
      page * perPage,
    );
    return json(
      rows.map((s) => serializeSession(s, undefined, base, now)),
      200,
      {
        link: sessionPageLinks(`${mount}/sessions`, query, total, page, perPage),
        'x-total-count': String(total),
      },
    );
  });

  app.delete('/sessions', async (c) => {
    const session = await parts.sessionOf(c.req.raw, clock());
    if (!session) return json(errors.noSession().body(), 401);
    return json({ count: await sessions.revokeOthers(session.identityId, session.id) });
  });

  app.delete('/sessions/:id', async (c) => {
    const session = await parts.sessionOf(c.req.raw, clock());
    if (!session) return json(errors.noSession().body(), 401);
    const id = c.req.param('id');
    if (!UUID.test(id)) {
      const detail =
        id.length === 36
          ? `uuid: incorrect UUID format in string "${id}"`
          : `uuid: incorrect UUID length ${id.length} in string "${id}"`;
      return json({ error: { code: 400, status: 'Bad Request', message: detail } }, 400);
    }
    if (id.toLowerCase() === session.id)
      return json(
        { error: { code: 400, status: 'Bad Request', message: 'cannot revoke current session' } },
        400,
      );
    if (!(await sessions.revokeOwn(session.identityId, id.toLowerCase())))
      return json(errors.notFound('The session').body(), 404);
    return json(null, 204);
  });

  // A native sign-in that went through a browser: the app trades its init code and the return-to code the
  // browser came back with for the session token (Kratos `exchangeSessionToken`), once.
  app.get('/sessions/token-exchange', async (c) => {
    const init = c.req.query('init_code');
    const returnToCode = c.req.query('return_to_code');
    if (!init || !returnToCode)
      return json(errors.badRequest('"init_code" and "return_to_code" query params must be set').body(), 400);
    const result = await parts.exchanges.exchange(init, returnToCode);
    const now = clock();
    if (result.kind === 'ready') {
      const session = await sessions.findByToken(result.token, now);
      const identity = session ? await parts.identities.findById(session.identityId) : undefined;
      if (session && identity)
        return json({ session_token: result.token, session: serializeSession(session, identity, base, now) });
    }
    if (result.kind === 'pending') {
      const flow =
        (await parts.flows.find(result.flowId, 'login')) ??
        (await parts.flows.find(result.flowId, 'registration'));
      if (flow) return json(await parts.flowJson(flow), 422);
    }
    return json(
      new KratosError(
        404,
        undefined,
        'The requested resource could not be found',
        'no session yet for this "code"',
      ).body(),
      404,
    );
  });
}
