import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { SCHEMAS } from './generated/event-schemas';

/** One reason a payload failed its schema: a JSON pointer into the data and what is wrong there. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** The result of validating a self-describing payload. `code` is stable; `problems` are for people. */
export type ValidationResult =
  | { ok: true; schema: string }
  | {
      ok: false;
      code: 'not_self_describing' | 'unknown_schema';
      schema: string | null;
      problems: SchemaProblem[];
    }
  | { ok: false; code: 'invalid_data'; schema: string; problems: SchemaProblem[] };

const uriOf = (self: { vendor: string; name: string; version: string }) =>
  `iglu:${self.vendor}/${self.name}/jsonschema/${self.version}`;

let compiled: Map<string, ValidateFunction> | undefined;

/** Compiles every schema of the catalogue, once per process (or page). */
function validators(): Map<string, ValidateFunction> {
  if (compiled) return compiled;
  // `self` is Iglu's own keyword; `$schema` names Iglu's meta-schema, which ajv does not know.
  const ajv = new Ajv({ allErrors: true, strict: true });
  ajv.addKeyword({ keyword: 'self', schemaType: 'object' });
  compiled = new Map(
    SCHEMAS.map((schema) => {
      const { $schema: _meta, ...body } = schema;
      return [uriOf(schema.self), ajv.compile(body)] as const;
    }),
  );
  return compiled;
}

const toProblem = (error: ErrorObject): SchemaProblem => ({
  path: error.instancePath || '/',
  message:
    error.keyword === 'additionalProperties'
      ? `has unknown field ${String((error.params as { additionalProperty: string }).additionalProperty)}`
      : (error.message ?? error.keyword),
});

/** The schemas the validator knows, as Iglu URIs. */
export function knownSchemas(): string[] {
  return [...validators().keys()];
}

/**
 * Validates `data` against the schema `schema` (an Iglu URI) of the catalogue. An unknown URI is
 * `unknown_schema`; data that breaks the schema is `invalid_data` with every problem at once.
 */
export function validateEventData(schema: string, data: unknown): ValidationResult {
  const validate = validators().get(schema);
  if (!validate) {
    return {
      ok: false,
      code: 'unknown_schema',
      schema,
      problems: [{ path: '/', message: `unknown schema ${schema}` }],
    };
  }
  if (validate(data)) return { ok: true, schema };
  return { ok: false, code: 'invalid_data', schema, problems: (validate.errors ?? []).map(toProblem) };
}

/** Validates a self-describing JSON value `{ schema, data }`. */
export function validateSelfDescribing(value: unknown): ValidationResult {
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { schema?: unknown }).schema !== 'string' ||
    !('data' in value)
  ) {
    return {
      ok: false,
      code: 'not_self_describing',
      schema: null,
      problems: [{ path: '/', message: 'expected an object with schema and data' }],
    };
  }
  const { schema, data } = value as { schema: string; data: unknown };
  return validateEventData(schema, data);
}
