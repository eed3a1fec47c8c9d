import SchemaBuilder, {
  BasePlugin,
  PothosSchemaError,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import { AuthScopeFailureType } from '@pothos/plugin-scope-auth';
import type { GraphQLFieldResolver } from 'graphql';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how Pothos plugins declare themselves
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      signInFirst: SignInFirstPlugin<Types>;
    }
  }
}

/**
 * Asks an anonymous request to sign in before its arguments are validated. Pothos validates arguments
 * before the scope check, so without this a logged-out request with bad input would be told what is
 * wrong with it (ZodError) instead of AuthError, learning the rules of an operation it may not use.
 * Every scope of this schema needs a viewer (auth-scopes.ts), so any field with `authScopes` qualifies.
 * Role scopes (member, admin, organisationRole…) still run after validation: they may read the input.
 * The refusal is the builder's own `scopeAuth.unauthorizedError` for a failed `loggedIn` (AuthError for
 * an anonymous request). Listed after the errors plugin, so the error lands in the field's result union.
 */
export class SignInFirstPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapArgMappers(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object> | undefined,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> | undefined {
    const scoped = (fieldConfig.pothosOptions as { authScopes?: unknown }).authScopes !== undefined;
    if (!resolver || !scoped) return resolver;
    const refusal = this.builder.options.scopeAuth?.unauthorizedError;
    if (!refusal)
      throw new PothosSchemaError('signInFirst needs scopeAuth.unauthorizedError to refuse with.');
    return (parent, args, context: { viewer?: unknown }, info) => {
      if (context.viewer) return resolver(parent, args, context, info);
      const error = refusal(parent as object, context as Types['Context'], info, {
        message: 'Sign in to do this.',
        failure: { kind: AuthScopeFailureType.AuthScope, scope: 'loggedIn', parameter: true, error: null },
      });
      throw typeof error === 'string' ? new Error(error) : error;
    };
  }
}

const pluginName = 'signInFirst';
export default pluginName;

// Pothos takes one class per plugin name for the whole process. A second copy of this module (the
// Next.js bundle beside the server entry, or a test's fresh import) leaves the first copy's class in
// place: it keeps no state of its module, so either copy's builder can use it.
// (`plugins` is public on Pothos's SchemaBuilder class; its default export's type leaves it out.)
const registered = (SchemaBuilder as unknown as { plugins: Record<string, unknown> }).plugins;
if (!registered[pluginName]) SchemaBuilder.registerPlugin(pluginName, SignInFirstPlugin);
