import type {
  ASTVisitor,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValueNode,
} from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

/**
 * The static cost of a GraphQL operation, counted before it runs (docs/security.md §5):
 *
 * - a scalar field costs 1, an object field 2 (`__typename` 1);
 * - a field that fetches (any root field, and any field taking arguments: a page, a slug, `first`)
 *   costs `FETCH_COST` more, as it is a database round trip;
 * - everything under a list is counted once per item: the list's `first`/`last`/`limit` argument (or
 *   one on the connection field above it) when given; for a variable, the largest page the field itself
 *   allows (`extensions.maxPageSize` on its definition, see `PAGE_SIZE_EXTENSION`) or else `MAX_PAGE`;
 *   `ASSUMED_LIST` for a list without one. Lists inside lists multiply, so nesting a fetch under `topics` costs it per topic.
 *
 * Fragments are counted where they are spread (the selection they stand for); a union's `... on X` is
 * not a deeper level. Fields the schema does not have are left to validation.
 */
export const FETCH_COST = 50;
export const ASSUMED_LIST = 20;
export const MAX_PAGE = 300;
const SIZE_ARGUMENTS = new Set(['first', 'last', 'limit']);

/**
 * A field whose page argument is bounded by its own validation declares that bound, so that a variable
 * page size is counted at it rather than at `MAX_PAGE`: `t.field({ extensions: pageSizeLimit(50), … })`.
 */
export const PAGE_SIZE_EXTENSION = 'maxPageSize';
export const pageSizeLimit = (maxPageSize: number) => ({ [PAGE_SIZE_EXTENSION]: maxPageSize });

/** The few parts of graphql's type objects read here: duck-typed, as bundlers may load two graphql copies. */
interface TypeLike {
  name?: string;
  ofType?: TypeLike;
  getFields?: () => Record<string, FieldLike>;
  toString(): string;
}

interface FieldLike {
  type: TypeLike;
  args: readonly unknown[];
  extensions?: Readonly<Record<string, unknown>> | null;
}

/** The largest page the field allows, as it declares it; `MAX_PAGE` when it declares none. */
function declaredMaxPage(field: FieldLike | undefined): number {
  const declared = field?.extensions?.[PAGE_SIZE_EXTENSION];
  return typeof declared === 'number' && Number.isInteger(declared) && declared > 0
    ? Math.min(declared, MAX_PAGE)
    : MAX_PAGE;
}

const unwrapNonNull = (type: TypeLike): TypeLike =>
  type.toString().endsWith('!') && type.ofType ? type.ofType : type;
const isList = (type: TypeLike) => unwrapNonNull(type).toString().startsWith('[');
const namedType = (type: TypeLike): TypeLike => (type.ofType ? namedType(type.ofType) : type);

function sizeArgument(
  field: FieldNode,
  variables: Record<string, unknown> | undefined,
  maxPage: number,
): number | undefined {
  let size: number | undefined;
  for (const argument of field.arguments ?? []) {
    if (!SIZE_ARGUMENTS.has(argument.name.value)) continue;
    const value = literalSize(argument.value, variables, maxPage);
    size = Math.max(size ?? 0, value);
  }
  return size;
}

function literalSize(
  value: ValueNode,
  variables: Record<string, unknown> | undefined,
  maxPage: number,
): number {
  if (value.kind === 'IntValue') return Math.max(0, Number.parseInt(value.value, 10) || 0);
  if (value.kind === 'Variable') {
    const given = variables?.[value.name.value];
    return typeof given === 'number' && Number.isFinite(given) ? Math.max(0, given) : maxPage;
  }
  return maxPage;
}

/** The cost of one operation of `document` (see above); `variables` sharpen list sizes when known. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables?: Record<string, unknown>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
  const typeNamed = (name: string) => schema.getType(name) as unknown as TypeLike | undefined;

  const selectionCost = (
    selectionSet: SelectionSetNode,
    parent: TypeLike | undefined,
    pendingSize: number | undefined,
    isRoot: boolean,
    spreading: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === 'InlineFragment') {
        const type = selection.typeCondition ? typeNamed(selection.typeCondition.name.value) : parent;
        total += selectionCost(selection.selectionSet, type, pendingSize, isRoot, spreading);
        continue;
      }
      if (selection.kind === 'FragmentSpread') {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // A fragment spreading itself is refused by validation; it is not counted twice here.
        if (!fragment || spreading.has(name)) continue;
        const type = typeNamed(fragment.typeCondition.name.value);
        total += selectionCost(
          fragment.selectionSet,
          type,
          pendingSize,
          isRoot,
          new Set([...spreading, name]),
        );
        continue;
      }
      const name = selection.name.value;
      if (name.startsWith('__')) {
        total += 1;
        continue;
      }
      const definition = parent?.getFields?.()[name];
      if (!definition) continue;
      const fetches = isRoot || definition.args.length > 0;
      const own = (selection.selectionSet ? 2 : 1) + (fetches ? FETCH_COST : 0);
      if (!selection.selectionSet) {
        total += own;
        continue;
      }
      const size = sizeArgument(selection, variables, declaredMaxPage(definition)) ?? pendingSize;
      const list = isList(definition.type);
      // A list takes its size from its own argument or the connection field's above it; the size then
      // applies once. A connection field's size passes down to the list under it (its edges).
      const items = list ? (size ?? ASSUMED_LIST) : 1;
      const passed = list ? undefined : size;
      total +=
        own +
        items * selectionCost(selection.selectionSet, namedType(definition.type), passed, false, spreading);
    }
    return total;
  };

  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return selectionCost(
    operation.selectionSet,
    (root ?? undefined) as unknown as TypeLike | undefined,
    undefined,
    true,
    new Set(),
  );
}

/** The most costly operation of a document (the one that will run, when the request names it). */
export function documentCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Record<string, unknown>,
): number {
  let highest = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    if (operationName && definition.name?.value !== operationName) continue;
    highest = Math.max(highest, operationCost(schema, document, definition, variables));
  }
  return highest;
}

export const QUERY_TOO_COSTLY = 'QUERY_TOO_COSTLY';

/** A validation rule refusing any operation costing more than `maxCost`, before anything runs. */
export function costLimitRule(maxCost: number) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const cost = operationCost(context.getSchema(), context.getDocument(), node);
      if (cost > maxCost) {
        context.reportError(
          createGraphQLError(
            `The query costs ${cost}, over the limit of ${maxCost}: ask for fewer lists, smaller pages or fewer aliases.`,
            { nodes: [node], extensions: { code: QUERY_TOO_COSTLY, cost, maxCost, http: { status: 400 } } },
          ),
        );
      }
    },
  });
}
