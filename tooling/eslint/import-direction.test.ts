import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function directionErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// ESLint's first start in a worker takes seconds on a busy machine.
describe('import direction (docs/architecture.md §2)', { timeout: 30_000 }, () => {
  it.each([
    ['packages/db/src/example.ts', "import { schema } from '@bof/api/schema';\nexport { schema };\n"],
    [
      'packages/config/src/example.ts',
      "import { openDatabase } from '@bof/db/client';\nexport { openDatabase };\n",
    ],
    [
      'packages/paywall/src/example.ts',
      "import { getServerEnv } from '@bof/config/server';\nexport { getServerEnv };\n",
    ],
    ['apps/web/src/example.ts', "import { openDatabase } from '@bof/db/client';\nexport { openDatabase };\n"],
    [
      'packages/http/src/example.ts',
      "import { getServerEnv } from '@bof/config/server';\nexport { getServerEnv };\n",
    ],
    [
      'packages/db/src/example.ts',
      "import { readCookie } from '@bof/http/cookies';\nexport { readCookie };\n",
    ],
  ])('refuses a backwards import in %s', async (filePath, source) => {
    expect(await directionErrors(filePath, source)).toHaveLength(1);
  });

  it.each([
    [
      'packages/api/src/example.ts',
      "import { openDatabase } from '@bof/db/client';\nexport { openDatabase };\n",
    ],
    ['apps/web/src/example.ts', "import { schema } from '@bof/api/schema';\nexport { schema };\n"],
    [
      'packages/db/src/example.ts',
      "import { getServerEnv } from '@bof/config/server';\nexport { getServerEnv };\n",
    ],
    [
      'packages/identity/src/example.ts',
      "import { readCookie } from '@bof/http/cookies';\nexport { readCookie };\n",
    ],
    ['apps/web/src/example.ts', "import { clientIp } from '@bof/http/client-ip';\nexport { clientIp };\n"],
  ])('allows a forward import in %s', async (filePath, source) => {
    expect(await directionErrors(filePath, source)).toEqual([]);
  });
});

describe('the database boundary of apps/web (docs/architecture.md §2)', { timeout: 30_000 }, () => {
  async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  }

  it.each([
    ['apps/web/src/example.ts', "import { sql } from 'drizzle-orm';\nexport { sql };\n"],
    ['apps/web/src/example.int.test.ts', "import { eq } from 'drizzle-orm/sql';\nexport { eq };\n"],
    ['apps/web/e2e/example.e2e.ts', "import pg from 'pg';\nexport { pg };\n"],
    ['apps/web/src/example.ts', "import { PGlite } from '@electric-sql/pglite';\nexport { PGlite };\n"],
    ['apps/web/src/example.ts', "export const load = () => import('drizzle-orm');\n"],
    ['apps/web/src/example.int.test.ts', 'export const handle = (p: { db: unknown }) => p.db;\n'],
    ['apps/web/src/example.ts', 'export const handle = (p: { database: unknown }) => p?.database;\n'],
    ['apps/web/src/example.ts', "export const handle = (p: { db: unknown }) => p['db'];\n"],
    ['apps/web/src/example.ts', 'export const handle = ({ db }: { db: unknown }) => db;\n'],
  ])('refuses a database module or handle in %s', async (filePath, source) => {
    expect(await boundaryErrors(filePath, source)).toHaveLength(1);
  });

  it.each([
    ['apps/web/server.ts', 'export const handle = (p: { db: unknown }) => p.db;\n'],
    ['apps/web/src/server/built-in-identity.ts', 'export const handle = ({ db }: { db: unknown }) => db;\n'],
    [
      'packages/api/src/example.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = (p: { db: unknown }) => [sql, p.db];\n",
    ],
    [
      'apps/web/src/example.ts',
      "import { z } from 'zod';\nexport const page = (p: { dbName: string }) => [z, p.dbName];\n",
    ],
  ])('allows %s', async (filePath, source) => {
    expect(await boundaryErrors(filePath, source)).toEqual([]);
  });

  it('is kept by the exempt files for the identity composition only, not for database imports', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/server/built-in-identity.ts',
        "import { sql } from 'drizzle-orm';\nexport { sql };\n",
      ),
    ).toHaveLength(1);
  });
});
