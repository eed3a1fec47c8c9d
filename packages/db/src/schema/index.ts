/**
 * The Drizzle schema, one file per domain, re-exported here. Domains add their tables in
 * `src/schema/<domain>.ts` and a line below; `npm run db:generate` writes the migration.
 */
export * from './platform';
export * from './accounts';
export * from './billing';
export * from './reference';
export * from './user-data';
export * from './analytics';
export * from './content';
export * from './identity';
export * from './access';
export * from './email-changes';
export * from './contact';
export * from './sign-in-risk';
export * from './organisations';
export * from './newsletters';
export * from './search';
export * from './newsroom';
export * from './profiles';
export * from './events';
export * from './jobs';
export * from './notifications';
