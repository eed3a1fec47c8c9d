/**
 * The one-way import graph of docs/architecture.md §2, as data. Each workspace lists the internal
 * packages it may import; every other `@bof/*` import is a lint error.
 */
export const allowedImports = {
  'apps/web': ['api', 'identity', 'paywall', 'analytics', 'config', 'http'],
  'packages/api': ['db', 'billing', 'paywall', 'config', 'http'],
  'packages/identity': ['db', 'config', 'http'],
  'packages/billing': ['config'],
  'packages/paywall': ['http'],
  'packages/analytics': [],
  'packages/db': ['config'],
  'packages/config': [],
  'packages/http': [],
};

const internal = ['web', 'api', 'identity', 'billing', 'paywall', 'analytics', 'db', 'config', 'http'];

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
