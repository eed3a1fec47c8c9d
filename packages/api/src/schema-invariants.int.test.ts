import type {
  GraphQLEnumType,
  GraphQLField,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLType,
  GraphQLUnionType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from './schema';
import { createGraphQLHarness, type GraphQLHarness } from './testing/graphql-harness';

// Rules every field of the schema keeps, checked over the whole schema so a new module cannot forget
// them: each mutation takes one `input` and answers a union of its success and its errors; any field
// behind a scope can say AuthError and UnauthorizedError; and a logged-out request with bad input is
// told to sign in, without learning anything from validation.

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

// The schema's types come from the copy of graphql that Pothos loaded (CommonJS), which may not be the
// one this file would import (ESM): graphql's isXType checks would fail across the two, so the kinds
// are told apart by their class names.
const kind = (type: GraphQLType) => type.constructor.name;
const isNonNullType = (type: GraphQLType) => kind(type) === 'GraphQLNonNull';
const isListType = (type: GraphQLType) => kind(type) === 'GraphQLList';
const isObjectType = (type: GraphQLType | undefined | null): type is GraphQLObjectType =>
  !!type && kind(type) === 'GraphQLObjectType';
const isUnionType = (type: GraphQLType): type is GraphQLUnionType => kind(type) === 'GraphQLUnionType';
const isInputObjectType = (type: GraphQLType): type is GraphQLInputObjectType =>
  kind(type) === 'GraphQLInputObjectType';
const isEnumType = (type: GraphQLType): type is GraphQLEnumType => kind(type) === 'GraphQLEnumType';
const getNullableType = (type: GraphQLType): GraphQLType =>
  isNonNullType(type) ? (type as { ofType: GraphQLType }).ofType : type;
const getNamedType = (type: GraphQLType): GraphQLNamedType =>
  'ofType' in type ? getNamedType((type as { ofType: GraphQLType }).ofType) : (type as GraphQLNamedType);

const mutations = Object.values(schema.getMutationType()!.getFields());

/** Mutations a signed-out caller may make, and why: they answer bad input with ZodError to anyone. */
const PUBLIC_MUTATIONS: Record<string, string> = {
  subscribeEmailToNewsletters:
    'A signed-out reader asks for newsletters by address; only a confirmation e-mail is sent (double opt-in).',
  confirmAnonUserToNewsletterSubscription:
    "The e-mailed link's signed token is the credential; it makes the account the reader signs in to.",
  confirmOrganisationAccountDomain:
    "The e-mailed link's signed token is the credential: whoever reads mail at the domain proves it, with or without an account.",
};

/**
 * Mutations whose input has no value GraphQL accepts that is wrong, and why: a signed-out caller is still
 * told to sign in, and a signed-in one gets the mutation's success.
 */
const ALWAYS_VALID_INPUT: Record<string, string> = {
  setNotificationPreference:
    'One switch (an enum) turned on or off (a boolean): every value is a valid choice.',
};

const unionMembersOf = (field: GraphQLField<unknown, unknown>) => {
  const type = getNullableType(field.type);
  return isUnionType(type) ? type.getTypes().map((member) => member.name) : [];
};

/** A value of `type` that GraphQL accepts but no input rule should: empty, negative, or missing. */
function badValue(type: GraphQLInputType | GraphQLType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [];
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields()))
      if (isNonNullType(field.type) && field.defaultValue === undefined)
        value[field.name] = badValue(field.type);
    return value;
  }
  // Variables name an enum's value as the schema spells it, whatever the value stands for inside.
  if (isEnumType(inner)) return inner.getValues()[0]!.name;
  const name = getNamedType(inner).name;
  if (name === 'Int' || name === 'Float') return -1;
  if (name === 'Boolean') return false;
  return '';
}

describe('every mutation', () => {
  it('exists (the schema has mutations to check)', () => {
    expect(mutations.map((m) => m.name)).toEqual(
      expect.arrayContaining(['updatePersonalDetails', 'requestEmailChange', 'confirmEmailChange']),
    );
  });

  it.each(mutations.map((m) => [m.name, m] as const))(
    '%s takes exactly one required `input` object',
    (_name, mutation) => {
      expect(mutation.args.map((arg) => arg.name)).toEqual(['input']);
      const input = mutation.args[0]!;
      expect(isNonNullType(input.type)).toBe(true);
      expect(isInputObjectType(getNamedType(input.type))).toBe(true);
    },
  );

  it.each(mutations.map((m) => [m.name, m] as const))(
    '%s answers a union of its success type, AuthError, UnauthorizedError, ZodError and BaseError',
    (_name, mutation) => {
      expect(isNonNullType(mutation.type)).toBe(true);
      const members = unionMembersOf(mutation);
      expect(members).toEqual(
        expect.arrayContaining(['AuthError', 'UnauthorizedError', 'ZodError', 'BaseError']),
      );
      const successes = members.filter((name) => {
        const type = schema.getType(name);
        return isObjectType(type) && !type.getInterfaces().some((i) => i.name === 'Error');
      });
      expect(successes).toHaveLength(1);
    },
  );

  it.each(mutations.map((m) => [m.name, m] as const))(
    '%s tells a logged-out request with bad input to sign in, and a signed-in one what is wrong',
    async (name, mutation) => {
      const inputType = schema.getType(getNamedType(mutation.args[0]!.type).name)!;
      const operation = `mutation ($input: ${inputType.name}!) {
        ${name}(input: $input) { __typename ... on ZodError { fieldErrors { path } } }
      }`;
      const variables = { input: badValue(mutation.args[0]!.type) };

      const anonymous = await harness.post(operation, variables);
      expect(anonymous.body.errors).toBeUndefined();
      if (name in PUBLIC_MUTATIONS)
        expect((anonymous.body.data?.[name] as { __typename: string }).__typename).toBe('ZodError');
      else expect(anonymous.body.data?.[name]).toEqual({ __typename: 'AuthError' });

      const viewer = await harness.signIn(`bad-input-${name}`);
      const signedIn = await harness.post(operation, variables, viewer);
      expect(signedIn.body.errors).toBeUndefined();
      if (name in ALWAYS_VALID_INPUT) {
        const success = unionMembersOf(mutation).find((member) => {
          const type = schema.getType(member);
          return isObjectType(type) && !type.getInterfaces().some((i) => i.name === 'Error');
        });
        expect((signedIn.body.data?.[name] as { __typename: string }).__typename).toBe(success);
        return;
      }
      const result = signedIn.body.data?.[name] as { __typename: string; fieldErrors: { path: string[] }[] };
      expect(result.__typename).toBe('ZodError');
      expect(result.fieldErrors.length).toBeGreaterThan(0);
      for (const error of result.fieldErrors) expect(error.path[0]).toBe('input');
    },
  );
});

describe('every field behind a scope', () => {
  const scoped = Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .filter((type) => !type.name.startsWith('__'))
    .flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => {
          const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
          return options?.authScopes !== undefined;
        })
        .map((field) => [`${type.name}.${field.name}`, field] as const),
    );

  it('includes the viewer and the mutations', () => {
    expect(scoped.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Query.viewer', 'Mutation.updatePersonalDetails']),
    );
  });

  it.each(scoped)('%s can answer AuthError and UnauthorizedError', (_name, field) => {
    expect(unionMembersOf(field)).toEqual(expect.arrayContaining(['AuthError', 'UnauthorizedError']));
  });
});
