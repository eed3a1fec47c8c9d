import { z } from 'zod';

const rawTestEnv = z.object({
  TEST_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
});

/** Settings read by the test helpers: a PostgreSQL server to test against instead of PGlite. */
export function getTestEnv(): { testDatabaseUrl: string | undefined } {
  const raw = rawTestEnv.parse({ TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || undefined });
  return { testDatabaseUrl: raw.TEST_DATABASE_URL };
}
