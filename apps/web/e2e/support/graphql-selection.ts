import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
} from 'graphql';

// The GraphQL schema as printed from the code (`npm run schema:print`; `schema:check` keeps it true), read
// so that a query can ask for every field of a type: a field added later is asked for too.
const schema = buildSchema(readFileSync(path.resolve('packages/api/schema.graphql'), 'utf8'));

/** A selection of every field of `typeName` that takes no required argument, `depth` levels down. */
export function everyField(typeName: string, depth = 3): string {
  const type = schema.getType(typeName);
  if (!type) throw new Error(`No type ${typeName} in the schema`);
  return selectionOf(type, depth);
}

function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (isUnionType(type) || isInterfaceType(type)) {
    const members = isUnionType(type) ? type.getTypes() : schema.getPossibleTypes(type);
    return `{ __typename ${members.map((m) => `... on ${m.name} ${selectionOf(m, depth)}`).join(' ')} }`;
  }
  if (!isObjectType(type)) return '';
  const fields = Object.values(type.getFields())
    .filter((field) => !field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined))
    .flatMap((field) => {
      const named = getNamedType(field.type);
      if (isObjectType(named) || isUnionType(named) || isInterfaceType(named))
        return depth > 1 ? [`${field.name} ${selectionOf(named, depth - 1)}`] : [];
      return [field.name];
    });
  return `{ __typename ${fields.join(' ')} }`;
}
