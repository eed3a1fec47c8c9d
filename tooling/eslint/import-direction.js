/**
 * The one-way import graph of docs/architecture.md §2, as data. Each workspace lists the internal
 * packages it may import; every other `@bof/*` import is a lint error.
 */
export const allowedImports = {
  'apps/web': ['api', 'identity', 'paywall', 'analytics', 'config'],
  'packages/api': ['db', 'billing', 'paywall', 'config'],
  'packages/identity': ['db', 'config'],
  'packages/billing': ['config'],
  'packages/paywall': [],
  'packages/analytics': [],
  'packages/db': ['config'],
  'packages/config': [],
};

const internal = ['web', 'api', 'identity', 'billing', 'paywall', 'analytics', 'db', 'config'];

/** Flat-config blocks that forbid imports against the direction above. */
export function importDirectionConfigs() {
  return Object.entries(allowedImports).map(([folder, allowed]) => {
    const own = folder.split('/')[1] === 'web' ? 'web' : folder.split('/')[1];
    const forbidden = internal.filter((name) => name !== own && !allowed.includes(name));
    return {
      files: [`${folder}/**/*.{ts,tsx,js,mjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: forbidden.map((name) => ({
              group: [`@bof/${name}`, `@bof/${name}/*`],
              message: `${folder} may not import @bof/${name} (docs/architecture.md §2: imports go one way).`,
            })),
          },
        ],
      },
    };
  });
}
