import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { ASTVisitor, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { plainIp, CLIENT_ADDRESS_HEADER } from '@bof/http/client-ip';
import { costLimitRule } from './graphql-cost';
import {
  executionTimeLimit,
  expensiveAnonymousRateLimit,
  parseErrorsAreBadRequests,
  refusalsKeepTheirStatus,
} from './graphql-guards';

/** How much one GraphQL request may ask for. Anything beyond is refused before execution. */
export interface GraphQLLimits {
  /** Nesting of selections (introspection excepted). */
  maxDepth: number;
  /** Aliased fields in one operation. */
  maxAliases: number;
  /** Lexical tokens in the document: refused while parsing. */
  maxTokens: number;
  /**
   * The static cost (graphql-cost.ts): scalars 1, objects 2, a fetching field (root fields, fields with
   * arguments) 50 more, everything under a list once per item (`first`/`last`/`limit`, else 20 assumed).
   * 5000 admits the personal-details form's four reference lists (about 2,900 with urql's
   * `__typename`s) and two whole reference lists of every field (about 3,700), but not every topic's
   * story page more than four times over (about 1,100 each).
   */
  maxCost: number;
  /** Wall-clock time one query may run before no further resolver starts. */
  maxExecutionMs: number;
  /** Anonymous operations costing at least this much are expensive… */
  expensiveCost: number;
  /** …and one client may run this many of them per minute. */
  expensivePerMinute: number;
  /** Bytes of a POST body: refused with 413 before it is parsed. */
  maxBodyBytes: number;
}

export const GRAPHQL_LIMITS: GraphQLLimits = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxCost: 5000,
  maxExecutionMs: 10_000,
  expensiveCost: 1000,
  expensivePerMinute: 30,
  maxBodyBytes: 100_000,
};

// graphql's own NoSchemaIntrospectionCustomRule, written against the AST only: importing graphql's
// classes here could load a second copy of graphql (ESM beside CommonJS) and fail its instanceof checks.
const noIntrospection = (context: ValidationContext): ASTVisitor => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(
        createGraphQLError(
          `GraphQL introspection has been disabled, but the requested query contained the field "${node.name.value}".`,
          {
            nodes: [node],
          },
        ),
      );
    }
  },
});

const disableIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(noIntrospection),
};

const costLimit = (maxCost: number): Plugin => ({
  onValidate: ({ addValidationRule }) => addValidationRule(costLimitRule(maxCost)),
});

/** The client as the server entry saw it: the socket's peer (no header a client sends is believed). */
export const socketClientAddress = (request: Request) => plainIp(request.headers.get(CLIENT_ADDRESS_HEADER));

/**
 * The protections: a document that does not parse is a 400; tokens, depth, aliases (graphql-armor) and
 * cost are checked before execution; a query runs for at most `maxExecutionMs`; anonymous clients run
 * at most `expensivePerMinute` expensive operations a minute. In production introspection and "did you
 * mean" field suggestions are off too, so the schema cannot be read from outside.
 */
export function graphQLLimitPlugins(
  limits: GraphQLLimits,
  production: boolean,
  clientAddress: (request: Request) => string | null = socketClientAddress,
): Plugin[] {
  const plugins: Plugin[] = [
    maxTokensPlugin({ n: limits.maxTokens }),
    parseErrorsAreBadRequests,
    maxDepthPlugin({ n: limits.maxDepth, flattenFragments: true }),
    maxAliasesPlugin({ n: limits.maxAliases }),
    costLimit(limits.maxCost),
    expensiveAnonymousRateLimit({
      expensiveCost: limits.expensiveCost,
      perWindow: limits.expensivePerMinute,
      windowMs: 60_000,
      clientAddress,
    }),
    executionTimeLimit(limits.maxExecutionMs),
    refusalsKeepTheirStatus,
  ] as Plugin[];
  if (production) plugins.push(disableIntrospection, blockFieldSuggestionsPlugin() as Plugin);
  return plugins;
}
