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
          // Vitest's default on a two-core machine is one worker; unit files share nothing, so two.
          maxWorkers: Number(process.env.UNIT_TEST_WORKERS || 2),
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{apps,packages,tooling}/**/*.int.test.ts'],
          exclude: ignored,
          environment: 'node',
          // Generous: a test that starts the product migrates a fresh embedded database, which takes a
          // minute on a busy two-core machine.
          testTimeout: 150_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // Each file works in a database of its own, so files run side by side: two at a time suits the
          // two-core machines CI runs on (Vitest's default would be one there).
          maxWorkers: Number(process.env.INT_TEST_WORKERS || 2),
          // A worker keeps its modules from one file to the next (INT_TEST_ISOLATE=1 loads them afresh for
          // every file): loading the product's modules again for each of ~100 files was a third of the run.
          // Each file still has a database of its own; no file changes the environment, and the one that
          // stubs `fetch` puts it back. The services hand-over (`serveServices`), a process global, is
          // cleared after each file by the setup file.
          isolate: process.env.INT_TEST_ISOLATE === '1',
          setupFiles: ['tooling/vitest/int-file-setup.ts'],
        },
      },
    ],
  },
});
