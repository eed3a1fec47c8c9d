import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importJobFeed } from '../modules/jobs/job-feed';
import { createJobsRepo } from '../modules/jobs/jobs.repo';
import { openCommandDatabase } from './command-database';

// `npm run jobs:import -- FILE`: validates a partner's job feed (docs/careers-feed.md), then writes every
// listing for the newsroom's approval in one transaction, or nothing. Exit 0 imported, 1 invalid feed
// (every problem listed), 2 usage, 78 configuration.
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run jobs:import -- FILE   (a job feed, JSON; see docs/careers-feed.md)');
  process.exit(2);
}
const resolved = path.resolve(process.cwd(), file);
if (!existsSync(resolved)) {
  console.error(`No such file: ${resolved}`);
  process.exit(2);
}
let data: unknown;
try {
  data = JSON.parse(readFileSync(resolved, 'utf8'));
} catch (error) {
  console.error(`${resolved} is not JSON: ${(error as Error).message}`);
  process.exit(1);
}

const database = await openCommandDatabase();
let exitCode = 0;
try {
  const result = await importJobFeed({ repo: createJobsRepo(database.db) }, data);
  if (result.ok)
    console.log(
      `Imported ${result.created} new and ${result.updated} updated listing(s); they await approval at /newsroom/approvals/.`,
    );
  else {
    exitCode = 1;
    for (const problem of result.errors) console.error(`${problem.path}: ${problem.message}`);
    console.error(`${result.errors.length} problem(s) found; nothing was imported.`);
  }
} finally {
  await database.close();
}
process.exit(exitCode);
