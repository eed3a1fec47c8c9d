import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDocument } from '@urql/core';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentCost } from '@bof/api/graphql-cost';
import { GRAPHQL_LIMITS } from '@bof/api/graphql-limits';
import { schema } from '@bof/api/schema';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Their validity against the schema is checked by `npm run graphql:check` (gql.tada); here, their cost.

/** Every GraphQL document the web app sends: each graphql(`…`) in its sources (tests aside). */
function webDocuments(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(full, 'utf8').matchAll(/graphql\(\s*`([^`]*)`/g))
          found.push({ file: path.relative(srcDir, full), text: match[1]! });
      }
    }
  };
  walk(srcDir);
  return found;
}

describe('the web app’s GraphQL documents', () => {
  const documents = webDocuments();

  it('are all found', () => {
    expect(documents.length).toBeGreaterThanOrEqual(15);
  });

  it.each(documents.map((d) => [d.file, d.text.match(/(query|mutation)\s+(\w+)/)?.[2] ?? '?', d.text]))(
    '%s %s is within the cost limit, with the __typename urql adds',
    (_file, _name, text) => {
      const document = formatDocument(parse(text));
      expect(documentCost(schema, document)).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost);
    },
  );
});
