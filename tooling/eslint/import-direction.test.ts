import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function directionErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import direction (docs/architecture.md §2)', () => {
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
