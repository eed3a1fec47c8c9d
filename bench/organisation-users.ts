// organisationAccountUsers on an account of 10,000 users, on embedded PGlite (in memory, every
// migration applied): the first page, a search by name or address, and a role filter, as the users page
// asks them. Run: npm run bench:organisation-users
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseServerEnv } from '@bof/config/server';
import { accounts, organisationAccountUsers, organisationAccounts, userData } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { createOrganisationsModule } from '../packages/api/src/modules/organisations/organisations.module';
import { usersFilterSchema } from '../packages/api/src/modules/organisations/organisations.inputs';

const USERS = 10_000;
const ROUNDS = 200;
const database = await createTestDatabase();
const { db } = database;
const organisations = createOrganisationsModule(
  { db, env: parseServerEnv({}) },
  { send: async () => undefined },
);

const accountId = 'bench-account';
await db.insert(organisationAccounts).values({
  id: accountId,
  title: 'Bench Company',
  ownerUserId: 'u0',
  primaryContactEmail: 'u0@bench.example',
  membershipType: 'Group',
  membershipLevel: 'Standard',
  purchasedSeats: USERS,
  allocatedSeats: USERS,
  accessEndsAt: new Date(Date.now() + 365 * 86_400_000),
});
const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Dennis', 'Frances', 'Ken', 'Radia'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Turing',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
];
for (let start = 0; start < USERS; start += 1000) {
  const ids = Array.from({ length: Math.min(1000, USERS - start) }, (_, i) => start + i);
  await db
    .insert(accounts)
    .values(
      ids.map((i) => ({ userId: `u${i}`, email: `member${i}@bench.example`, firstSessionId: `s${i}` })),
    );
  await db.insert(userData).values(
    ids.map((i) => ({
      userId: `u${i}`,
      firstName: FIRST[i % FIRST.length]!,
      lastName: `${LAST[i % LAST.length]!}${i}`,
    })),
  );
  await db.insert(organisationAccountUsers).values(
    ids.map((i) => ({
      id: `au${i}`,
      accountId,
      userId: `u${i}`,
      email: `member${i}@bench.example`,
      role: i === 0 ? ('OWNER' as const) : i % 50 === 0 ? ('ADMIN' as const) : ('USER' as const),
    })),
  );
}
await database.pglite?.query('analyze');

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
console.log(`load average before: ${load()}`);
const requester = { userId: 'u0' };
async function measure(label: string, filter: Record<string, unknown>) {
  const parsed = usersFilterSchema.parse({ accountId, ...filter });
  for (let i = 0; i < 10; i++) await organisations.users(requester, parsed); // warm-up
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const at = performance.now();
    count = (await organisations.users(requester, parsed)).users.length;
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
  console.log(`${label} (${count} rows): median ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`);
}
await measure('first page of 25', {});
await measure('search "lovelace12" (name)', { search: 'lovelace12' });
await measure('search "member4242" (address)', { search: 'member4242' });
await measure('role ADMIN', { role: 'ADMIN' });
await measure('page 2 after a cursor', {
  after: Buffer.from(JSON.stringify(['member1023@bench.example', 'au1023'])).toString('base64url'),
});
console.log(`load average after: ${load()}`);
await database.close();
