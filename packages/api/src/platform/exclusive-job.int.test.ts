import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { runExclusively } from './exclusive-job';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database?.close();
});

describe('scheduled work run exclusively', () => {
  it('runs the work and hands back its value', async () => {
    expect(await runExclusively(database.db, 'prune', async () => 42)).toEqual({ ran: true, value: 42 });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'skips a run while another connection holds the same job, and runs other jobs',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const first = runExclusively(database.db, 'prune', async () => {
        started();
        await held;
        return 'first';
      });
      await running;
      expect(await runExclusively(database.db, 'prune', async () => 'second')).toEqual({ ran: false });
      expect(await runExclusively(database.db, 'other', async () => 'other')).toEqual({
        ran: true,
        value: 'other',
      });
      release();
      expect(await first).toEqual({ ran: true, value: 'first' });
      expect(await runExclusively(database.db, 'prune', async () => 'third')).toEqual({
        ran: true,
        value: 'third',
      });
    },
  );
});
