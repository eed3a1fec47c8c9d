import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { ASTVisitor, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** How much one GraphQL request may ask for. Anything beyond is refused before execution. */
export interface GraphQLLimits {
  /** Nesting of selections (introspection excepted). */
  maxDepth: number;
  /** Aliased fields in one operation. */
  maxAliases: number;
  /** Lexical tokens in the document: refused while parsing. */
  maxTokens: number;
  /**
   * graphql-armor's static cost: objects 2, scalars 1, times 1.5 per level (fragments add none), times
   * `first`/`last` of a list. 13000 admits one whole reference list (300 countries, every field: about
   * 7200) with the three shorter lists the personal-details form offers (about 12100, with the
   * `__typename` urql adds), but not two whole lists (about 14300).
   */
  maxCost: number;
  /** Bytes of a POST body: refused with 413 before it is parsed. */
  maxBodyBytes: number;
}

export const GRAPHQL_LIMITS: GraphQLLimits = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxCost: 13_000,
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

/**
 * The validation-time protections (graphql-armor). In production introspection and "did you mean"
 * field suggestions are off too, so the schema cannot be read from outside.
 */
export function graphQLLimitPlugins(limits: GraphQLLimits, production: boolean): Plugin[] {
  const plugins: Plugin[] = [
    maxTokensPlugin({ n: limits.maxTokens }),
    maxDepthPlugin({ n: limits.maxDepth, flattenFragments: true }),
    maxAliasesPlugin({ n: limits.maxAliases }),
    // A fragment costs no extra level (as with depth): a union's `... on X` is not a deeper query.
    costLimitPlugin({ maxCost: limits.maxCost, flattenFragments: true }),
  ] as Plugin[];
  if (production) plugins.push(disableIntrospection, blockFieldSuggestionsPlugin() as Plugin);
  return plugins;
}
