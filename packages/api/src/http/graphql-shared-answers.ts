import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { REFERENCE_LISTS } from '../modules/reference/reference-lists';
import { documentCost } from './graphql-cost';
import { chosenOperation } from './graphql-guards';

/**
 * The root query fields whose answers are the same for every anonymous reader and change only when the
 * published content changes (the content change feed: imports, newsroom publications, front pins) or
 * never (spec §3's reference lists, the site's facts). None of their resolvers reads the viewer, the
 * request or the clock.
 */
export const SHAREABLE_QUERY_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(REFERENCE_LISTS),
  'siteInfo',
  'article',
  'topic',
  'author',
  'sections',
  'topics',
  'front',
  'recommendedStories',
]);

/** What the plugin reads from the request context. */
interface SharedContext {
  request: Request;
  viewer: unknown;
}

export interface SharedAnswers {
  plugin: Plugin;
  /**
   * Whether the answer to this request may be given, byte for byte, to any anonymous reader sending the
   * same request until the content changes: an anonymous query of shareable fields only, cheaper than an
   * expensive one (those stay counted by the rate limit), answered without an error.
   */
  isShareable(request: Request): boolean;
}

/** A query whose root selections are all shareable fields (or `__typename`), with no fragment at the root. */
export function asksOnlyShareableFields(
  document: DocumentNode,
  operationName: string | null | undefined,
  fields: ReadonlySet<string> = SHAREABLE_QUERY_FIELDS,
): boolean {
  const operation = chosenOperation(document, operationName);
  if (operation?.operation !== 'query') return false;
  return operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === 'Field' &&
      (selection.name.value === '__typename' || fields.has(selection.name.value)),
  );
}

/**
 * Marks the requests whose answers may be shared (see SharedAnswers.isShareable); the server entry keeps
 * those answers in memory (apps/web graphql-answer-cache.ts). Costs and field checks are kept per parsed
 * document, which Yoga's parser cache hands back for the same text.
 */
export function sharedAnswers(settings: {
  expensiveCost: number;
  fields?: ReadonlySet<string>;
}): SharedAnswers {
  const shareable = new WeakSet<Request>();
  const documents = new WeakMap<DocumentNode, Map<string, boolean>>();

  const documentShareable = (schema: GraphQLSchema, document: DocumentNode, name?: string | null) => {
    let byName = documents.get(document);
    if (!byName) documents.set(document, (byName = new Map()));
    let answer = byName.get(name ?? '');
    if (answer === undefined) {
      answer =
        asksOnlyShareableFields(document, name, settings.fields) &&
        documentCost(schema, document, name) < settings.expensiveCost;
      byName.set(name ?? '', answer);
    }
    return answer;
  };

  return {
    isShareable: (request) => shareable.has(request),
    plugin: {
      onExecute: ({ args }) => {
        const context = args.contextValue as unknown as SharedContext;
        if (context.viewer) return;
        if (!documentShareable(args.schema as GraphQLSchema, args.document, args.operationName)) return;
        return {
          onExecuteDone: ({ result }) => {
            if (Symbol.asyncIterator in result) return;
            if (result.errors && result.errors.length > 0) return;
            shareable.add(context.request);
          },
        };
      },
    },
  };
}
