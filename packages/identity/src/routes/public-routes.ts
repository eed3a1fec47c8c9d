import type { Hono } from 'hono';
import { errors } from '../http/kratos-error';
import { json } from '../http/responses';
import { WEBAUTHN_SCRIPT } from '../http/webauthn-script';
import type { ClientInfo } from '../http/request-context';
import type { RouteDeps } from './route-deps';

/** Self-service errors, the identity schema, health, and the WebAuthn script. */
export function registerPublicRoutes(app: Hono<{ Bindings: ClientInfo }>, parts: Pick<RouteDeps, 'flows'>) {
  app.get('/self-service/errors', async (c) => {
    const id = c.req.query('id') ?? '';
    const row = await parts.flows.findError(id);
    if (!row) return json(errors.notFound('The error').body(), 404);
    return json({
      id: row.id,
      error: row.error,
      created_at: row.createdAt.toISOString(),
      updated_at: row.createdAt.toISOString(),
    });
  });

  app.get('/schemas/:id', (c) =>
    c.req.param('id') === Buffer.from('default').toString('base64url') || c.req.param('id') === 'default'
      ? json(IDENTITY_SCHEMA)
      : json(errors.notFound('The identity schema').body(), 404),
  );
  app.get('/health/alive', () => json({ status: 'ok' }));
  app.get('/health/ready', () => json({ status: 'ok' }));
  // Served as Kratos serves it: the same script whether or not WebAuthn is enabled, no caching header.
  app.get(
    '/.well-known/ory/webauthn.js',
    () => new Response(WEBAUTHN_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=UTF-8' } }),
  );
}

/** The identity schema the server serves (deploy/kratos/identity.schema.json gives Ory Kratos the same). */
export const IDENTITY_SCHEMA = {
  $id: 'https://schemas.ory.sh/presets/kratos/identity.email.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          'ory.sh/kratos': {
            credentials: { password: { identifier: true }, code: { identifier: true, via: 'email' } },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
        name: {
          type: 'object',
          properties: {
            first: { type: 'string', title: 'First name' },
            last: { type: 'string', title: 'Last name' },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
};
