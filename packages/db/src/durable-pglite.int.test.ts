import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { DurabilityError, fdatasyncFile, type SyncFile } from './durable-pglite';

// One data folder for the whole file: creating one costs seconds.
const folder = mkdtempSync(path.join(os.tmpdir(), 'bof-durable-'));
const dataDir = path.join(folder, 'pglite');
const log: string[] = [];
let syncs = 0;
let delayMs = 0;
let failing = false;

/** Each WAL sync logged, then really made (fdatasync), unless the test makes it fail. */
const syncFile: SyncFile = async (file) => {
  syncs += 1;
  log.push(`sync ${path.relative(folder, file)}`);
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (failing) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
  await fdatasyncFile(file);
  log.push('synced');
};

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', dataDir }, { syncFile });
  await handle.db.execute(sql`create table notes (id serial primary key, body text not null)`);
});

beforeEach(async () => {
  await handle.db.execute(sql`truncate notes`);
  log.length = 0;
  syncs = 0;
  delayMs = 0;
});

afterAll(async () => {
  await handle.close().catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
});

/** The first row of a raw query (PGlite answers `execute` with `{ rows }`). */
async function firstRow<T>(query: Promise<unknown>): Promise<T | undefined> {
  return ((await query) as { rows: T[] }).rows[0];
}

const WAL_SEGMENT = /^sync pglite\/pg_wal\/[0-9A-F]{24}$/;

describe('durable commits on PGlite in a data folder', () => {
  it('runs PostgreSQL with fsync on', async () => {
    const row = await firstRow<{ fsync: string }>(
      handle.db.execute(sql`select current_setting('fsync') as fsync`),
    );
    expect(row?.fsync).toBe('on');
  });

  it('answers a write only after the WAL file it wrote was synced', async () => {
    await handle.db.execute(sql`insert into notes (body) values ('one')`);
    log.push('answered');
    expect(log).toHaveLength(3);
    expect(log[0]).toMatch(WAL_SEGMENT);
    expect(log.slice(1)).toEqual(['synced', 'answered']);
  });

  it('answers a transaction only after its commit was synced', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('one')`);
      await tx.execute(sql`insert into notes (body) values ('two')`);
      log.push('last statement answered');
    });
    log.push('transaction answered');
    // Statements inside the transaction wait for nothing; the commit waits for one sync.
    expect(log).toHaveLength(4);
    expect(log[1]).toMatch(WAL_SEGMENT);
    expect([log[0], log[2], log[3]]).toEqual(['last statement answered', 'synced', 'transaction answered']);
  });

  it('lets concurrent commits share syncs (group commit)', async () => {
    delayMs = 30;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        handle.db.execute(sql`insert into notes (body) values (${`note ${index}`})`),
      ),
    );
    const row = await firstRow<{ count: number }>(
      handle.db.execute(sql`select count(*)::int as count from notes`),
    );
    expect(row?.count).toBe(20);
    // The first commit's sync runs while the other 19 commit; they share the next one.
    expect(syncs).toBeGreaterThanOrEqual(1);
    expect(syncs).toBeLessThanOrEqual(3);
    expect(log.filter((line) => line === 'synced')).toHaveLength(syncs);
  });

  it('syncs nothing for a read when every write is already on the disk', async () => {
    await handle.db.execute(sql`insert into notes (body) values ('one')`);
    const before = syncs;
    await handle.db.execute(sql`select * from notes`);
    expect(syncs).toBe(before);
  });

  it('keeps every acknowledged write after the folder is closed and opened again', async () => {
    for (let index = 0; index < 5; index += 1)
      await handle.db.execute(sql`insert into notes (body) values (${`note ${index}`})`);
    await handle.close();
    handle = await openDatabase({ kind: 'pglite', dataDir }, { syncFile });
    const row = await firstRow<{ count: number }>(
      handle.db.execute(sql`select count(*)::int as count from notes`),
    );
    expect(row?.count).toBe(5);
  });
  // Last: the failure is final for the handle.
  it('fails the write, every later statement and the health ping when a sync fails', async () => {
    failing = true;
    // drizzle reports the failed query, with the sync's failure as its cause.
    const causeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: { cause?: unknown }) => error.cause,
      );
    expect(await causeOf(handle.db.execute(sql`insert into notes (body) values ('one')`))).toBeInstanceOf(
      DurabilityError,
    );
    expect(await causeOf(handle.db.execute(sql`select 1`))).toBeInstanceOf(DurabilityError);
    expect(await handle.ping()).toBe(false);
  });
});
