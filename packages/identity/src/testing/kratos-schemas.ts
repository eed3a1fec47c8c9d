import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

const specPath = fileURLToPath(new URL('../../spec/kratos-openapi.json', import.meta.url));
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let ajv: Ajv | undefined;

/**
 * Validates a response body against a schema of Kratos's OpenAPI document (spec/kratos-openapi.json); returns the
 * errors as text, or an empty string when it validates.
 */
export function kratosSchemaErrors(schemaName: string, body: unknown): string {
  if (!ajv) {
    const spec = JSON.parse(readFileSync(specPath, 'utf8')) as { components: unknown };
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    // Ajv's discriminator keyword does not take OpenAPI's `mapping`; the oneOf alone decides the same.
    const components = withoutDiscriminators(spec.components) as {
      schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }>;
    };
    // The document declares `details` of an error as an object with no properties allowed, while Kratos
    // fills it (an expired flow's `redirect_to`, `return_to`, `api`; selfservice/flow/*/handler.go): the
    // document's generator turned Go's map[string]interface{} into `additionalProperties: false`.
    for (const name of ['genericError', 'errorGeneric'])
      if (components.schemas[name]?.properties?.details)
        components.schemas[name]!.properties!.details = { type: 'object' };
    ajv.addSchema({ $id: 'kratos', components });
  }
  const validate = ajv.getSchema(`kratos#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`No schema ${schemaName} in the Kratos OpenAPI document`);
  return validate(body) ? '' : ajv.errorsText(validate.errors, { separator: '\n' });
}

function withoutDiscriminators(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDiscriminators);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      // `nullable` without a `type` means "any value" in OpenAPI; Ajv refuses it, so it goes too.
      .filter(([key]) => key !== 'discriminator' && !(key === 'nullable' && !('type' in node)))
      .map(([key, value]) => [key, withoutDiscriminators(value)]),
  );
}
