import { createGraphQLError, createYoga, maskError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import type { ServerEnv } from '@bof/config/server';
import { noMembershipRecords, type MembershipRecords } from './auth/membership-records';
import type { OrganisationRoles } from './auth/organisation-roles';
import type { ViewerResolver } from './auth/viewer';
import type { GraphQLContext } from './context';
import { isDomainError } from './errors/domain-error';
import { GRAPHQL_LIMITS, graphQLLimitPlugins, type GraphQLLimits } from './http/graphql-limits';
import { sharedAnswers } from './http/graphql-shared-answers';
import { BodyTooLargeError, readLimitedBody } from './http/limited-body';
import { schema } from './schema';
import type { Services } from './services';

export const GRAPHQL_ENDPOINT = '/api/graphql/';

/** Whether a POST's Content-Type is one the endpoint reads (JSON); anything else is answered 415. */
export const isGraphQLJsonContentType = (contentType: string) =>
  /^application\/(graphql-response\+)?json\s*(;|$)/i.test(contentType);

/**
 * Whether the endpoint runs as in production: a production build or run (`NODE_ENV=production`), on the
 * embedded defaults (`npm start`, `EMBEDDED=1`) as much as on real services. Only development and tests
 * let the schema be read from outside.
 */
export function isProductionEndpoint(env: Pick<ServerEnv, 'nodeEnv'>): boolean {
  return env.nodeEnv === 'production';
}

export interface GraphQLHandlerOptions {
  /** Production (see isProductionEndpoint): introspection, field suggestions and GraphiQL are off. */
  production: boolean;
  /** Who is asking: the sign-in module's session verification, or a fake in tests. */
  resolveViewer: ViewerResolver;
  /** The modules to serve from: the process's running services, or a test's. */
  services: () => Promise<Services>;
  organisationRoles?: OrganisationRoles;
  membershipRecords?: MembershipRecords;
  limits?: Partial<GraphQLLimits>;
  /** The client's address, for the anonymous rate limit; the socket's peer by default. */
  clientAddress?: (request: Request) => string | null;
}

const problem = (status: number, code: string, message: string) =>
  Response.json({ errors: [{ message, extensions: { code } }] }, { status });

// Expected failures that escape a result union keep their message and code; everything else is masked.
// (Duck-typed, not `instanceof GraphQLError`: bundlers may load graphql twice, as ESM and CommonJS.)
const maskUnexpected = (error: unknown, message: string) => {
  const located = error as { originalError?: unknown; path?: readonly (string | number)[] };
  const original = located.originalError ?? error;
  if (isDomainError(original)) {
    return createGraphQLError(original.message, { path: located.path, extensions: { code: original.code } });
  }
  return maskError(error, message, false);
};

/**
 * A GET whose `variables` or `extensions` are not JSON: 400 BAD_REQUEST (left to the server, the JSON
 * parser's error would be masked as an unexpected one, a 500).
 */
function refuseUnparsableParams(request: Request): Response | undefined {
  const params = new URL(request.url).searchParams;
  for (const name of ['variables', 'extensions']) {
    const value = params.get(name);
    if (!value) continue;
    try {
      JSON.parse(value);
    } catch {
      return problem(400, 'BAD_REQUEST', `The ${name} of a GET request must be JSON.`);
    }
  }
  return undefined;
}

const badRequest = (message: string) =>
  createGraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });

const utf8 = new TextDecoder();

/** A POST body already read (within the size limit) as GraphQL parameters: a JSON object, else a 400. */
function paramsOf(body: Uint8Array): GraphQLParams {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    throw badRequest('POST body sent invalid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object')
    throw badRequest(
      `POST body is expected to be object but received ${parsed === null ? 'null' : typeof parsed}`,
    );
  return parsed as GraphQLParams;
}

/**
 * POST bodies the handler has read (to refuse one over the limit before anything parses it), for Yoga
 * to take its parameters from: no copy of the request, no second pass over a stream.
 */
function bodiesAlreadyRead(bodies: WeakMap<Request, Uint8Array>): Plugin {
  return {
    onRequestParse: ({ request, setRequestParser }) => {
      const body = bodies.get(request);
      if (body) setRequestParser(() => paramsOf(body));
    },
  };
}

/**
 * Every answer says it depends on Accept: the same request gets `application/graphql-response+json` or
 * `application/json` (and, for an error, another status) by what the client accepts, so a shared cache
 * must key by it.
 */
const varyByAccept: Plugin = {
  onResponse: ({ response }) => {
    response.headers.append('vary', 'Accept');
  },
};

/** The GraphQL endpoint as a fetch handler, and which of its answers any anonymous reader may be given. */
export interface GraphQLHandler {
  (request: Request): Promise<Response>;
  /**
   * After the answer: whether it may be sent, byte for byte, to any anonymous reader who sends the same
   * request, until the published content changes (graphql-shared-answers.ts).
   */
  isShareable(request: Request): boolean;
}

/**
 * The GraphQL endpoint (spec §7) as a fetch handler. Queries go by GET or POST, mutations by POST only;
 * a POST body must be JSON and at most `maxBodyBytes`; documents over the depth, alias, token or cost
 * limits are refused before execution; batching is off; unexpected errors are masked.
 */
export function createGraphQLHandler(options: GraphQLHandlerOptions): GraphQLHandler {
  const limits = { ...GRAPHQL_LIMITS, ...options.limits };
  const bodies = new WeakMap<Request, Uint8Array>();
  const shared = sharedAnswers({ expensiveCost: limits.expensiveCost });
  const yoga = createYoga<Record<string, never>, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    maskedErrors: { maskError: maskUnexpected },
    batching: false,
    cors: false,
    graphiql: !options.production,
    landingPage: false,
    // The handler below reads and bounds every POST body itself (maxBodyBytes, 413); Yoga's own bound
    // would copy the request over a stream again. Parsed documents and their validation are cached per
    // document text (Yoga's parser and validation caches, on by default), so the protections' rules run
    // once per distinct document; the cost the rate limit reads is kept per parsed document.
    maxRequestBodySize: false,
    parserAndValidationCache: true,
    plugins: [
      ...graphQLLimitPlugins(limits, options.production, options.clientAddress),
      bodiesAlreadyRead(bodies),
      shared.plugin,
      varyByAccept,
    ],
    context: async ({ request }) => {
      const services = await options.services();
      return {
        services,
        viewer: await options.resolveViewer(request),
        // Roles and seats from the organisations module, unless the caller gives its own.
        organisationRoles: options.organisationRoles ?? services.organisations.roles,
        // Given records are used as they are; without them, organisations' own over nobody's billing.
        membershipRecords: options.membershipRecords ?? services.organisations.records(noMembershipRecords),
        request,
      };
    },
  });

  const handler = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return refuseUnparsableParams(request) ?? yoga.fetch(request);
    const contentType = request.headers.get('content-type') ?? '';
    if (!isGraphQLJsonContentType(contentType)) {
      return problem(415, 'unsupported_media_type', 'Send the operation as JSON (application/json).');
    }
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readLimitedBody(request, limits.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return problem(413, error.code, error.message);
      throw error;
    }
    bodies.set(request, body);
    return yoga.fetch(request);
  };
  return Object.assign(handler, { isShareable: shared.isShareable });
}
