import type { PGlite } from '@electric-sql/pglite';
import type { Db } from 'pg-boss';

/**
 * The job queue's database adapter on PGlite. PGlite's `query` runs one statement; the queue also sends
 * multi-statement text without parameters (its schema, locked blocks ending in COMMIT), which goes
 * through `exec`, and every statement's rows are returned so a RETURNING before a COMMIT is not lost.
 * PGlite has one session: a statement that fails inside a transaction block would leave it aborted for
 * every later query, so an open transaction is rolled back before the error is passed on.
 */
export function pgliteExecutor(pglite: PGlite): Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values);
          return { rows: result.rows as unknown[] };
        }
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows as unknown[]) };
      } catch (error) {
        await pglite.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
  };
}
