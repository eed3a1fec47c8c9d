import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/.next*/**', '.data/**'];

export default defineConfig({
  // The web app's tsconfig keeps JSX for Next.js to compile; tests compile it with React's automatic runtime.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{apps,packages,tooling,bench}/**/*.test.{ts,tsx}'],
          exclude: [...ignored, '**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{apps,packages,tooling}/**/*.int.test.ts'],
          exclude: ignored,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
