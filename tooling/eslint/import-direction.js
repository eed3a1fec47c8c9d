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

/**
 * The database drivers and query builder apps/web may not import (tests and e2e included): the web app
 * reaches data through the services of packages/api, never through SQL of its own.
 */
export const webDatabaseModules = ['drizzle-orm', 'pg', '@electric-sql/pglite'];

/** The platform's raw database handles (`Platform.db`, `Platform.database`), by property name. */
const handleNames = '/^(db|database)$/';

/**
 * The only apps/web files that may touch a raw database handle: the server entry, which opens the platform
 * and mounts the identity server, and the built-in identity server's composition, which hands the
 * platform's database to the identity server (packages/identity takes a database, as Kratos does).
 */
export const webDatabaseHandleExemptions = ['apps/web/server.ts', 'apps/web/src/server/built-in-identity.ts'];

const boundaryMessage = (what) =>
  `apps/web may not ${what} (docs/architecture.md §2): use the services of @bof/api, or the identity server through apps/web/src/server/built-in-identity.ts.`;

/** Flat-config blocks that forbid imports against the direction above, and apps/web's database access. */
export function importDirectionConfigs() {
  const direction = Object.entries(allowedImports).map(([folder, allowed]) => {
    const own = folder.split('/')[1] === 'web' ? 'web' : folder.split('/')[1];
    const forbidden = internal.filter((name) => name !== own && !allowed.includes(name));
    const patterns = forbidden.map((name) => ({
      group: [`@bof/${name}`, `@bof/${name}/*`],
      message: `${folder} may not import @bof/${name} (docs/architecture.md §2: imports go one way).`,
    }));
    // One no-restricted-imports per file (a later block would replace it): apps/web's database boundary
    // is part of its direction.
    if (folder === 'apps/web')
      patterns.push(
        ...webDatabaseModules.map((name) => ({
          group: [name, `${name}/*`],
          message: boundaryMessage(`import ${name}`),
        })),
      );
    return {
      files: [`${folder}/**/*.{ts,tsx,js,mjs}`],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
  const handle = boundaryMessage('reach a raw database handle (.db, .database)');
  // No `/` inside: esquery's regular expressions end at the first one.
  const databaseModule = `/^(${webDatabaseModules.map((m) => m.replace(/[/.]/g, '.')).join('|')})(?![\\w-])/`;
  return [
    ...direction,
    {
      files: ['apps/web/**/*.{ts,tsx,js,mjs}'],
      ignores: webDatabaseHandleExemptions,
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: `MemberExpression[computed=false][property.name=${handleNames}]`, message: handle },
          { selector: `MemberExpression[computed=true][property.value=${handleNames}]`, message: handle },
          { selector: `ObjectPattern > Property[key.name=${handleNames}]`, message: handle },
          {
            selector: `ImportExpression[source.value=${databaseModule}]`,
            message: boundaryMessage('import a database module'),
          },
        ],
      },
    },
  ];
}
