import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ErrorsPlugin from '@pothos/plugin-errors';
import ValidationPlugin from '@pothos/plugin-validation';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import { authScopesFor, type AuthScopes } from './auth/auth-scopes';
import SignInFirstPlugin from './auth/sign-in-first';
import { unauthorizedErrorFor } from './auth/unauthorized';
import type { GraphQLContext } from './context';
import { AuthError } from './errors/auth-error';
import { DomainError } from './errors/domain-error';
import ErrorsByCodePlugin from './errors/errors-by-code';
import { fieldValidationErrorFrom } from './errors/from-validation-issues';
import { asResultError } from './errors/result-errors';
import { resultSuccessName, resultUnionName } from './errors/result-type-names';
import { UnauthorizedError } from './errors/unauthorized-error';

/**
 * The one schema builder. Fields are non-null unless they say otherwise: null must mean something.
 * Expected failures are DomainErrors, returned as members of each field's result union (`errors`);
 * input validation failures reach that union too (`unsafelyHandleInputErrors`), so each input type
 * validates as a whole and reports every field error at once.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  AuthScopes: AuthScopes;
  Scalars: { DateTime: { Input: Date; Output: Date } };
}>({
  defaultFieldNullability: false,
  // errorsByCode sits inside errors, so the errors plugin receives each failure already as the result type
  // of its code; signInFirst too (its AuthError becomes a result), and before validation runs.
  plugins: [
    ScopeAuthPlugin,
    ErrorsPlugin,
    ErrorsByCodePlugin,
    SignInFirstPlugin,
    ValidationPlugin,
    DataloaderPlugin,
    RelayPlugin,
  ],
  scopeAuth: {
    authScopes: (context) => authScopesFor(context.viewer, context.organisationRoles),
    unauthorizedError: (_parent, context, _info, result) =>
      unauthorizedErrorFor(context.viewer, result.failure),
  },
  errors: {
    // Every result union can say why: a failed scope check is AuthError (anonymous) or
    // UnauthorizedError (signed in, lacking the role), never a bare BaseError.
    defaultTypes: [DomainError, AuthError, UnauthorizedError],
    unsafelyHandleInputErrors: true,
    defaultUnionOptions: { name: resultUnionName },
    defaultResultOptions: { name: resultSuccessName },
  },
  // A failure's result type follows from its code, whichever module graph threw it.
  errorsByCode: { asResultError },
  validation: {
    validationError: (failure) => fieldValidationErrorFrom(failure.issues),
  },
  relay: {
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
});

builder.queryType({});
builder.mutationType({});
