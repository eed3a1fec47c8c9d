import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getTestEnv } from '@bof/config/test';
import { createTestDatabase } from '@bof/db/testing';
import { contentRecordSchema, type ContentRecord } from '../modules/content/content.inputs';
import { fixtureArticle, fixtureTaxonomy } from '../modules/content/content-fixtures';
import { readEditionFolder } from '../modules/content/content-source';
import { DEMO_EDITION_FOLDER } from '../modules/content/demo-edition';

// The content commands as an operator runs them: `content:import` and `content:export` in a process of
// their own, on a database of their own (an embedded one in a new DATA_DIR, or a new PostgreSQL
// database when TEST_DATABASE_URL is set).

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const work = mkdtempSync(path.join(os.tmpdir(), 'bof-content-cli-'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  rmSync(work, { recursive: true, force: true });
});

/** A new, empty database for one command's process, as the variables that point at it. */
async function freshDatabase(name: string): Promise<Record<string, string>> {
  const dataDir = path.join(work, name);
  const { testDatabaseUrl } = getTestEnv();
  if (!testDatabaseUrl) return { DATA_DIR: dataDir };
  const handle = await createTestDatabase();
  closers.push(() => handle.close());
  const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${result.rows[0]!.name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

/** Runs `npm run content:{command} -- file`'s script, as npm would, from the repository root. */
function run(
  command: 'import' | 'export',
  file: string,
  database: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, ...database };
  if (!database.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [`packages/api/src/cli/content-${command}.ts`, file], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const ndjson = (records: readonly unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const readNdjson = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
/** Records as the import sees them (validated, fields in schema order), in a stable order. */
const canonical = (records: readonly unknown[]): ContentRecord[] =>
  records
    .map((r) => contentRecordSchema.parse(r))
    .sort((a, b) => `${a.type}:${a.slug}`.localeCompare(`${b.type}:${b.slug}`));

describe('content commands', () => {
  const edition = readEditionFolder(DEMO_EDITION_FOLDER).items.map((item) => {
    if (!('value' in item)) throw new Error(`The demo edition cannot be read: ${item.error}`);
    return item.value;
  });
  const stories = edition.filter((r) => ['article', 'caseStudy'].includes((r as { type: string }).type));

  it('round-trips the demo edition: folder in, NDJSON out, into a new database and out again', async () => {
    const first = await freshDatabase('first');
    const imported = await run('import', 'content/demo-edition', first);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`Imported ${edition.length} records`);
    expect(imported.stdout).toMatch(new RegExp(`stories +${stories.length} new, 0 updated, 0 unchanged`));

    const exportedFile = path.join(work, 'demo-export.ndjson');
    const exported = await run('export', exportedFile, first);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`Exported ${edition.length} records`);
    // What the database holds is the edition, record for record, rebuilt from its tables.
    expect(canonical(readNdjson(exportedFile))).toEqual(canonical(edition));

    const second = await freshDatabase('second');
    const reimported = await run('import', exportedFile, second);
    expect(reimported.code).toBe(0);
    expect(reimported.stdout).toMatch(new RegExp(`stories +${stories.length} new`));
    const againFile = path.join(work, 'demo-export-again.ndjson');
    expect((await run('export', againFile, second)).code).toBe(0);
    expect(readFileSync(againFile, 'utf8')).toBe(readFileSync(exportedFile, 'utf8'));

    // Importing the export where it came from changes nothing: same content, same versions.
    const unchanged = await run('import', exportedFile, first);
    expect(unchanged.code).toBe(0);
    expect(unchanged.stdout).toMatch(new RegExp(`stories +0 new, 0 updated, ${stories.length} unchanged`));
  }, 300_000);

  it('rejects a malformed file with an error per record, writing nothing', async () => {
    const file = path.join(work, 'malformed.ndjson');
    writeFileSync(
      file,
      ndjson([
        ...fixtureTaxonomy,
        fixtureArticle('a-good-story'),
        { ...fixtureArticle('no-headline'), headline: undefined },
        fixtureArticle('unknown-topic', { topics: ['knitting'] }),
      ]) + '{"type": "article", "slug": \n',
    );
    const base = fixtureTaxonomy.length;
    const database = await freshDatabase('malformed');
    const result = await run('import', file, database);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^malformed\\.ndjson record ${base + 2} \\(line ${base + 2}\\) \\[no-headline\\] headline: .+`,
        ),
      ),
      `malformed.ndjson record ${base + 3} (line ${base + 3}) [unknown-topic] topics.0: No topic has the slug "knitting".`,
      expect.stringMatching(
        new RegExp(`^malformed\\.ndjson record ${base + 4} \\(line ${base + 4}\\) Not valid JSON`),
      ),
      '3 problem(s) found; nothing was imported.',
    ]);
    expect(result.stdout).not.toContain('Imported');

    const after = path.join(work, 'malformed-after.ndjson');
    const exported = await run('export', after, database);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('Exported 0 records');
    expect(readFileSync(after, 'utf8')).toBe('');
  }, 120_000);

  it('explains its usage and a missing file', async () => {
    const missing = await run('import', 'no/such/file.ndjson', { DATA_DIR: path.join(work, 'usage') });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such file');
    const usage = await run('export', '', { DATA_DIR: path.join(work, 'usage') });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run content:export -- FILE');
  }, 60_000);
});
