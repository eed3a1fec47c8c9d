import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Database } from '@bof/db/client';
import { parseTraits } from '../flows/traits';
import { errors, KratosError } from '../http/kratos-error';
import { serializeIdentity } from '../http/serialize';
import { createIdentityStore, normaliseEmail, type IdentityRecord } from '../store/identity-store';
import { applyJsonPatch, JsonPatchError, parseJsonPatch } from './json-patch';

export interface IdentityAdminServerDeps {
  db: Database;
  /** The public base URL (`…/identity`), for the `schema_url` of identities. */
  publicBaseUrl: string;
  /** When set, every request must carry `Authorization: Bearer <token>` (Ory's API key). */
  bearerToken?: string;
  clock?: () => Date;
}

export interface IdentityAdminServer {
  /** Kratos's admin identity API, for requests to `/admin/identities…` (any origin). */
  fetch(request: Request): Promise<Response>;
}

const STATES = new Set(['active', 'inactive']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Kratos refuses these in a patch (identity/handler.go: `/id`, `/stateChangedAt`, `/credentials`).
const PROTECTED = ['/id', '/state_changed_at', '/credentials', '/created_at', '/updated_at', '/schema_url'];

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

const conflict = () =>
  new KratosError(
    409,
    undefined,
    'The resource could not be created due to a conflict',
    'This identity conflicts with another identity that already exists.',
  );

const unauthorized = () =>
  new KratosError(401, undefined, 'The request could not be authorized', 'The API key is missing or wrong.');

/**
 * The built-in identity server's admin API: the part of Ory Kratos's `/admin/identities` that the product
 * uses (create, get, list by credential identifier, update with PUT, patch with JSON Patch). It is never mounted on
 * the public `/identity` path: in the embedded mode the product calls it in-process, and in production
 * the same client calls Ory Kratos's admin URL instead.
 */
export function createIdentityAdminServer(deps: IdentityAdminServerDeps): IdentityAdminServer {
  const identities = createIdentityStore(deps.db);
  const clock = deps.clock ?? (() => new Date());
  const base = deps.publicBaseUrl.replace(/\/+$/, '');
  const app = new Hono();
  const expected = deps.bearerToken ? Buffer.from(`Bearer ${deps.bearerToken}`) : undefined;

  app.use('*', async (c, next) => {
    if (expected) {
      const given = Buffer.from(c.req.header('authorization') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    }
    await next();
  });

  const serialize = (identity: IdentityRecord) => ({
    ...serializeIdentity(identity, base),
    credentials: Object.fromEntries(
      identity.credentials.map((c) => [
        c.type,
        {
          type: c.type,
          identifiers: [c.identifier],
          version: 0,
          created_at: c.createdAt.toISOString(),
          updated_at: c.updatedAt.toISOString(),
        },
      ]),
    ),
    metadata_admin: null,
  });

  async function load(id: string): Promise<IdentityRecord> {
    const identity = await identities.findById(id);
    if (!identity) throw errors.notFound('The identity');
    return identity;
  }

  async function readJson(request: Request): Promise<unknown> {
    try {
      return await request.json();
    } catch {
      throw errors.badRequest('The request body is not valid JSON.');
    }
  }

  /** Writes the identity as `next` describes it (Kratos's identity shape), answering 409 on a taken e-mail. */
  async function write(identity: IdentityRecord, next: Record<string, unknown>) {
    const traits = parseTraits(next.traits, { unchangedEmail: identity.traits.email });
    if (!traits.ok) throw errors.badRequest(`traits are not valid: ${traits.field}: ${traits.message.text}`);
    const state = next.state ?? identity.state;
    if (typeof state !== 'string' || !STATES.has(state))
      throw errors.badRequest('state must be active or inactive.');
    if (next.schema_id !== undefined && next.schema_id !== identity.schemaId)
      throw errors.badRequest('The identity schema cannot be changed.');
    const now = clock();
    const email = normaliseEmail(traits.traits.email);
    // Kratos keeps a verifiable address's verification when the written identity lists it for the value.
    const listed = Array.isArray(next.verifiable_addresses)
      ? (next.verifiable_addresses as Record<string, unknown>[]).find(
          (a) => a && typeof a.value === 'string' && normaliseEmail(a.value) === email,
        )
      : undefined;
    const verification = listed
      ? {
          verified: listed.verified === true,
          status:
            typeof listed.status === 'string' ? listed.status : listed.verified ? 'completed' : 'pending',
          verifiedAt:
            listed.verified === true
              ? typeof listed.verified_at === 'string' && !Number.isNaN(Date.parse(listed.verified_at))
                ? new Date(listed.verified_at)
                : now
              : null,
        }
      : undefined;
    const saved = await identities.replace(
      identity,
      {
        traits: traits.traits,
        state,
        metadataPublic: 'metadata_public' in next ? next.metadata_public : identity.metadataPublic,
        ...(verification ? { verification } : {}),
      },
      now,
    );
    if (!saved) throw conflict();
    return serialize(await load(identity.id));
  }

  app.get('/admin/identities', async (c) => {
    const identifier = c.req.query('credentials_identifier');
    if (identifier) {
      const found = await identities.findByEmail(identifier);
      return json(found ? [serialize(found)] : []);
    }
    const ids = c.req.queries('ids') ?? [];
    if (ids.length === 0)
      throw errors.badRequest(
        'Filter by credentials_identifier or ids; listing every identity is not offered.',
      );
    const found = await Promise.all(ids.slice(0, 500).map((id) => identities.findById(id)));
    return json(found.filter((i): i is IdentityRecord => Boolean(i)).map(serialize));
  });

  // Kratos's createIdentity: an identity with its e-mail as verifiable and recovery address and no
  // credentials (the person sets a password through recovery); 409 when the address is taken.
  app.post('/admin/identities', async (c) => {
    const body = await readJson(c.req.raw);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw errors.badRequest('The body must be a createIdentityBody object.');
    const next = body as Record<string, unknown>;
    if (next.schema_id !== undefined && next.schema_id !== 'default')
      throw errors.badRequest('Only the default identity schema is offered.');
    if (next.credentials !== undefined)
      throw errors.badRequest('Creating an identity with credentials is not offered.');
    const traits = parseTraits(next.traits);
    if (!traits.ok) throw errors.badRequest(`traits are not valid: ${traits.field}: ${traits.message.text}`);
    const listed = Array.isArray(next.verifiable_addresses)
      ? (next.verifiable_addresses as Record<string, unknown>[]).find(
          (a) => a && typeof a.value === 'string' && normaliseEmail(a.value) === traits.traits.email,
        )
      : undefined;
    const created = await identities.create({
      traits: traits.traits,
      verified: listed?.verified === true,
      credentials: [],
      now: clock(),
    });
    if (!created) throw conflict();
    return json(serialize(created), 201);
  });

  app.get('/admin/identities/:id', async (c) => json(serialize(await load(c.req.param('id')))));

  app.put('/admin/identities/:id', async (c) => {
    const identity = await load(c.req.param('id'));
    const body = await readJson(c.req.raw);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw errors.badRequest('The body must be an updateIdentityBody object.');
    const next = body as Record<string, unknown>;
    if (!next.traits) throw errors.badRequest('traits are required.');
    return json(await write(identity, next));
  });

  app.patch('/admin/identities/:id', async (c) => {
    const identity = await load(c.req.param('id'));
    let patched: Record<string, unknown>;
    try {
      const patch = parseJsonPatch(await readJson(c.req.raw));
      patched = applyJsonPatch(serialize(identity) as Record<string, unknown>, patch, PROTECTED);
    } catch (error) {
      if (error instanceof JsonPatchError) throw errors.badRequest(error.message);
      throw error;
    }
    return json(await write(identity, patched));
  });

  // Kratos's deleteIdentity: the identity goes with its credentials and sessions; 404 when unknown.
  app.delete('/admin/identities/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id) || !(await identities.remove(id))) throw errors.notFound('The identity');
    return json(null, 204);
  });

  app.notFound(() => json(errors.notFound('The requested path').body(), 404));
  app.onError((error) => {
    if (error instanceof KratosError) return json(error.body(), error.status);
    console.error('Identity admin error', error);
    return json(
      { error: { code: 500, status: 'Internal Server Error', message: 'An internal server error occurred' } },
      500,
    );
  });

  return { fetch: (request) => Promise.resolve(app.fetch(request)) };
}
