// The BoF 500 search as /bof500/search/ asks it while a reader types: the profiles module's
// bof500Search (what the GraphQL field calls) over the 500 demo people, on embedded PGlite in memory with
// every migration applied. Each run times 240 name-prefix queries (1 to 4 letters of first and last
// names, some with a category, country or year) after 20 warm-up queries; three runs by default.
//
//   npm run bench:bof500 [-- --runs 3]
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { parseServerEnv } from '@bof/config/server';
import { createTestDatabase } from '@bof/db/testing';
import { createOrganisationsModule } from '../packages/api/src/modules/organisations/organisations.module';
import { demoPeople } from '../packages/api/src/modules/profiles/demo-profiles';
import { bof500SearchSchema } from '../packages/api/src/modules/profiles/profiles.inputs';
import { createProfilesModule } from '../packages/api/src/modules/profiles/profiles.module';
import { seedDemoProfiles } from '../packages/api/src/modules/profiles/profiles.seed';
import { formatSummary, machine, percentile, summarize } from './lib/measure.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(args.runs);
const QUERIES = 240;

const database = await createTestDatabase();
const { db } = database;
await seedDemoProfiles(db);
await database.pglite?.query('analyze');
const organisations = createOrganisationsModule(
  { db, env: parseServerEnv({}) },
  { send: async () => undefined },
);
const profiles = createProfilesModule({ db }, { organisations });

// What a reader types: growing prefixes of real names in the set, some narrowed by a filter.
const people = demoPeople();
const filters = Array.from({ length: QUERIES }, (_, i) => {
  const person = people[(i * 37) % people.length]!.doc;
  const name = i % 2 === 0 ? person.firstName : person.lastName;
  const prefix = name.slice(0, 1 + (i % 4));
  const extra =
    i % 6 === 1
      ? { category: person.category }
      : i % 6 === 3
        ? { country: person.location.country }
        : i % 6 === 5
          ? { year: 2013 + (i % 13) }
          : {};
  return bof500SearchSchema.parse({ name: prefix, ...extra });
});

const before = machine();
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
for (const filter of filters.slice(0, 20)) await profiles.bof500Search(filter);

const p95s: number[] = [];
const p50s: number[] = [];
let answered = 0;
for (let run = 1; run <= runs; run++) {
  const times: number[] = [];
  for (const filter of filters) {
    const at = performance.now();
    answered += (await profiles.bof500Search(filter)).length > 0 ? 1 : 0;
    times.push(performance.now() - at);
  }
  p50s.push(percentile(times, 50));
  p95s.push(percentile(times, 95));
  console.log(
    `run ${run}: ${QUERIES} queries, p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
  );
}
console.log(`queries with at least one result: ${answered} of ${QUERIES * runs}`);
console.log(`p50 median (range) over ${runs} runs: ${formatSummary(summarize(p50s), 2)} ms`);
console.log(`p95 median (range) over ${runs} runs: ${formatSummary(summarize(p95s), 2)} ms (target ≤ 30 ms)`);
console.log(`machine: ${JSON.stringify(before)}; load after: ${machine().load}`);
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
await database.close();
