import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context';

// Fields are non-null unless they say otherwise: null must mean something in this API.
export const builder = new SchemaBuilder<{ Context: GraphQLContext; DefaultFieldNullability: false }>({
  defaultFieldNullability: false,
});

builder.queryType({});
