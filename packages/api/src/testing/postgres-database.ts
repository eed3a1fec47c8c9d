import { createTestDatabase } from '@bof/db/testing';

/**
 * A fresh, migrated PostgreSQL database of its own for a test of server processes that share one (the
 * server entry's code, which reaches the database only through the services). Needs TEST_DATABASE_URL.
 */
export async function createSharedTestDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const database = await createTestDatabase();
  if (!database.connectionString) {
    await database.close();
    throw new Error('Processes can share only a PostgreSQL database: set TEST_DATABASE_URL.');
  }
  return { url: database.connectionString, close: () => database.close() };
}
