import { defineConfig } from 'drizzle-kit';

// Generating migrations needs no database connection; applying them is done from code
// (src/migrate.ts), because drizzle-kit cannot load PGlite extensions.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
