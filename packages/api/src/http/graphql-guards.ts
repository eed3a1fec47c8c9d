import type {
  DocumentNode,
  ExecutionArgs,
  GraphQLFieldResolver,
  GraphQLObjectType,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { documentCost } from './graphql-cost';

/** What the guards read from the request context. */
interface GuardedContext {
  request: Request;
  viewer: unknown;
}

export const QUERY_TIME_EXCEEDED = 'QUERY_TIME_EXCEEDED';
export const RATE_LIMITED = 'RATE_LIMITED';
export const GRAPHQL_PARSE_FAILED = 'GRAPHQL_PARSE_FAILED';

/**
 * A document that does not parse (a syntax error, or over the token limit) is the client's mistake: 400
 * with GRAPHQL_PARSE_FAILED and the parser's message. Without this a second copy of graphql in a bundle
 * makes the parser's error unrecognisable to Yoga, which then masks it as a 500.
 */
export const parseErrorsAreBadRequests: Plugin = {
  onParse:
    () =>
    ({ result, replaceParseResult }) => {
      if (!(result instanceof Error) || result.name !== 'GraphQLError') return;
      const { locations } = result as Error & { locations?: readonly { line: number; column: number }[] };
      const error = createGraphQLError(result.message, {
        extensions: { code: GRAPHQL_PARSE_FAILED, http: { status: 400 } },
      });
      if (locations) Object.assign(error, { locations });
      replaceParseResult(error);
    },
};

/** The refusals whose HTTP status holds whatever the client accepts. */
const REFUSAL_CODES = new Set([GRAPHQL_PARSE_FAILED, 'QUERY_TOO_COSTLY', RATE_LIMITED, QUERY_TIME_EXCEEDED]);

/**
 * Yoga answers errors before execution 200 to a client that accepts only `application/json` (the
 * GraphQL-over-HTTP spec's legacy mode). The refusals above keep their own status (400, 429, 503) for
 * every client, so a script or a tracker sees the refusal, and a syntax error is never a 200 or a 500.
 */
export const refusalsKeepTheirStatus: Plugin = {
  onResultProcess: ({ result }) => {
    if (Array.isArray(result) || !('errors' in result) || !result.errors) return;
    for (const error of result.errors) {
      const extensions = error.extensions as { code?: unknown; http?: { spec?: boolean } } | undefined;
      if (extensions?.http && typeof extensions.code === 'string' && REFUSAL_CODES.has(extensions.code))
        extensions.http.spec = false;
    }
  },
};

/**
 * Bounds the time one query may run: once `maxMs` have passed no further resolver starts (each one left
 * fails at once), and the answer is QUERY_TIME_EXCEEDED (503: the server could not answer in time; a
 * smaller query may pass). Mutations are never cut short: one stopped half-way would leave half its writes.
 *
 * The check sits in the schema's resolvers, not in an AbortSignal handed to the executor: the executor
 * throws an aborted signal's reason between sibling fields and leaves the siblings' promises to reject
 * with no one listening, an unhandled rejection. A resolver's error is a field error the executor always
 * collects. The clock is read each time, not a timer: resolvers over the embedded database may run as one
 * chain of promises that never lets a timer fire.
 */
export function executionTimeLimit(maxMs: number): Plugin {
  return {
    onSchemaChange: ({ schema }) => guardResolvers(schema),
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      const operation = operationOf(args.document, args.operationName);
      if (operation !== 'query' || !isObject(args.contextValue)) return;
      const context = args.contextValue as unknown as Record<symbol, number>;
      setExecuteFn(async (executeArgs: ExecutionArgs) => {
        const ends = performance.now() + maxMs;
        context[QUERY_DEADLINE] = ends;
        const result: unknown = await (executeFn as (a: unknown) => Promise<unknown>)(executeArgs);
        if (performance.now() <= ends) return result;
        return {
          errors: [
            createGraphQLError(
              `The query ran longer than ${maxMs} ms and was stopped: ask for less, or try again later.`,
              { extensions: { code: QUERY_TIME_EXCEEDED, maxMs, http: { status: 503 } } },
            ),
          ],
        };
      });
    },
  };
}

/** Where a query's context holds the moment (performance.now()) after which no resolver starts. */
const QUERY_DEADLINE = Symbol('query deadline');
const GUARDED = Symbol('guarded by the query deadline');

type Resolver = GraphQLFieldResolver<unknown, unknown> & { [GUARDED]?: true };

/** Wraps every resolver the schema declares (once per schema) in the deadline's check. */
function guardResolvers(schema: GraphQLSchema) {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !('getFields' in type) || !('getInterfaces' in type)) continue;
    for (const field of Object.values((type as GraphQLObjectType).getFields())) {
      const resolve = field.resolve as Resolver | undefined;
      if (!resolve || resolve[GUARDED]) continue;
      const guarded: Resolver = (source, args, context, info) => {
        const ends = isObject(context)
          ? (context as Record<symbol, number | undefined>)[QUERY_DEADLINE]
          : undefined;
        if (ends !== undefined && performance.now() > ends) throw new Error('query time exceeded');
        return resolve(source, args, context, info);
      };
      guarded[GUARDED] = true;
      field.resolve = guarded;
    }
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** The operation a request runs: the one named, or the document's first. */
export function chosenOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition',
  );
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
}

const operationOf = (document: DocumentNode, operationName: string | null | undefined) =>
  chosenOperation(document, operationName)?.operation;

export interface ExpensiveQueryLimit {
  /** An operation costing at least this much is expensive. */
  expensiveCost: number;
  /** How many expensive operations one anonymous client may run per window. */
  perWindow: number;
  windowMs: number;
  /** The client's address (the socket's peer, or through trusted proxies); null when unknown. */
  clientAddress: (request: Request) => string | null;
  now?: () => number;
}

/**
 * Per-client sliding window over the expensive operations anonymous clients run (signed-in readers are
 * accountable and go unlimited). Over the limit an operation is refused before it runs: 429 RATE_LIMITED
 * with Retry-After. Clients with no known address share one window.
 */
export function expensiveAnonymousRateLimit(settings: ExpensiveQueryLimit): Plugin {
  const now = settings.now ?? Date.now;
  const seen = new Map<string, number[]>();
  let lastSweep = now();
  const costs = new WeakMap<DocumentNode, number>();

  const sweep = (at: number) => {
    if (at - lastSweep < settings.windowMs) return;
    lastSweep = at;
    for (const [client, times] of seen)
      if ((times.at(-1) ?? 0) <= at - settings.windowMs) seen.delete(client);
  };

  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const context = args.contextValue as unknown as GuardedContext;
      if (context.viewer) return;
      const schema = args.schema as GraphQLSchema;
      let cost = costs.get(args.document);
      if (cost === undefined) {
        cost = documentCost(schema, args.document, args.operationName);
        costs.set(args.document, cost);
      }
      if (cost < settings.expensiveCost) return;
      const at = now();
      sweep(at);
      const client = settings.clientAddress(context.request) ?? 'unknown';
      const times = (seen.get(client) ?? []).filter((time) => time > at - settings.windowMs);
      if (times.length >= settings.perWindow) {
        seen.set(client, times);
        const retryAfter = Math.max(1, Math.ceil((times[0]! + settings.windowMs - at) / 1000));
        setResultAndStopExecution({
          errors: [
            createGraphQLError(
              `Too many costly queries from this address: try again in ${retryAfter} s, or sign in.`,
              {
                extensions: {
                  code: RATE_LIMITED,
                  http: { status: 429, headers: { 'retry-after': String(retryAfter) } },
                },
              },
            ),
          ],
        });
        return;
      }
      times.push(at);
      seen.set(client, times);
    },
  };
}
