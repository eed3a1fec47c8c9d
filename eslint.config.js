import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importDirectionConfigs } from './tooling/eslint/import-direction.js';

const directionConfigs = importDirectionConfigs();
const webImportPatterns = directionConfigs.find((block) => block.files[0].startsWith('apps/web/'))?.rules[
  'no-restricted-imports'
][1].patterns;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next*/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/next-env.d.ts',
      // The service worker bundle, built from apps/web/src/sw by scripts/build-sw.ts.
      'apps/web/public/sw.js',
      'packages/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // Tests may set up a child process's environment, and build tooling (next.config, the start script's
    // build check) reads the build folder's name; product code reads settings through config.
    ignores: [
      'packages/config/**',
      'tooling/**',
      '**/*.config.ts',
      'apps/web/scripts/**',
      '**/*.test.ts',
      '**/*.e2e.ts',
      '**/e2e/support/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only packages/config reads process.env.' },
      ],
    },
  },
  ...directionConfigs,
  // After the import direction: one no-restricted-imports per file (a later block replaces an earlier one),
  // so the journeys' rule carries apps/web's direction patterns with it.
  {
    files: ['apps/web/e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webImportPatterns,
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Import test from './support/test': it fails a journey when the Content-Security-Policy blocks anything.",
            },
          ],
        },
      ],
    },
  },
);
