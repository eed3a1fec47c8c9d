import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how Pothos plugins declare themselves
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      errorsByCode: ErrorsByCodePlugin<Types>;
    }
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Pothos declares this interface with Types
    export interface SchemaBuilderOptions<Types extends SchemaTypes> {
      /** Turns a failure into this schema's result type for its code (errors/result-errors.ts). */
      errorsByCode?: { asResultError: (error: unknown) => unknown };
    }
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Hands the errors plugin each failure as this schema's result type for its code (result-errors.ts),
 * so a refusal thrown by a service from another module graph still lands in the field's result union
 * instead of being masked as unexpected. Listed right after the errors plugin: it wraps the resolver
 * inside it. Only fields with a result union are wrapped.
 */
export class ErrorsByCodePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const asResultError = this.builder.options.errorsByCode?.asResultError;
    if (!asResultError || !fieldConfig.extensions?.pothosErrors) return resolver;
    const translate = (error: unknown): never => {
      throw asResultError(error);
    };
    return (parent, args, context, info) => {
      try {
        const result: unknown = resolver(parent, args, context, info);
        return isThenable(result)
          ? Promise.resolve(result).then(asResultError, translate)
          : asResultError(result);
      } catch (error) {
        return translate(error);
      }
    };
  }
}

const pluginName = 'errorsByCode';
export default pluginName;

// One class per plugin name for the whole process (see auth/sign-in-first.ts). It reads the mapping from
// its builder's options, never from its own module, so either copy's builder can use the first copy's class.
const registered = (SchemaBuilder as unknown as { plugins: Record<string, unknown> }).plugins;
if (!registered[pluginName]) SchemaBuilder.registerPlugin(pluginName, ErrorsByCodePlugin);
