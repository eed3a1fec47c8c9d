import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

const MIGRATION = '0019_billing_upgrade_previous_plan';

let database: DatabaseHandle;
let before: string;

/** The committed migrations up to, not including, `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bof-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  before = migrationsBefore(MIGRATION);
  await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
}, 240_000);

afterAll(async () => {
  await database?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

type Row = { key: string; message: string | null; previous_plan_code: string | null };

describe(`migration ${MIGRATION}`, () => {
  it("moves a succeeded upgrade's replaced plan out of message, and leaves every other message", async () => {
    const rows: [string, 'purchase' | 'upgrade', string, string | null][] = [
      ['upgraded', 'upgrade', 'succeeded', 'individuals_standard_yearly_trial_v1'],
      ['upgraded-unknown', 'upgrade', 'succeeded', ''],
      ['upgrade-reconciled', 'upgrade', 'succeeded', 'settled by reconciliation from the provider records'],
      ['upgrade-no-message', 'upgrade', 'succeeded', null],
      ['upgrade-declined', 'upgrade', 'declined', 'card_declined'],
      [
        'purchase-resolved',
        'purchase',
        'succeeded',
        'resolved from the provider records after a lost answer',
      ],
    ];
    for (const [key, kind, status, message] of rows) {
      await database.db.execute(sql`
        insert into billing_purchases (idempotency_key, user_id, kind, plan_code, currency, status, message)
        values (${key}, ${`reader-${key}`}, ${kind}, 'individuals_premium_yearly_v1', 'GBP', ${status}, ${message})`);
    }

    await migrateDatabase(database);

    const result = await database.db.execute(
      sql`select idempotency_key as key, message, previous_plan_code from billing_purchases order by idempotency_key`,
    );
    expect((result as unknown as { rows: Row[] }).rows).toEqual([
      {
        key: 'purchase-resolved',
        message: 'resolved from the provider records after a lost answer',
        previous_plan_code: null,
      },
      { key: 'upgrade-declined', message: 'card_declined', previous_plan_code: null },
      { key: 'upgrade-no-message', message: null, previous_plan_code: null },
      {
        key: 'upgrade-reconciled',
        message: 'settled by reconciliation from the provider records',
        previous_plan_code: null,
      },
      { key: 'upgraded', message: null, previous_plan_code: 'individuals_standard_yearly_trial_v1' },
      { key: 'upgraded-unknown', message: null, previous_plan_code: null },
    ]);
  });
});
