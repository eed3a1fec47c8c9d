// The password policy's cost, as the identity server pays it: the first check imports and ranks the
// zxcvbn dictionaries (once per process, not at start-up), then each registration or password change
// runs one estimate. Run: npx tsx bench/password-policy.ts
import { performance } from 'node:perf_hooks';
import { checkPassword } from '../packages/identity/src/security/password-policy';

const EMAIL = 'jane.doe@example.com';
const SAMPLES = [
  'Password1!',
  'Summer2024!',
  'aaaaaaaaaaaa',
  'velvet-Atelier-2026!',
  'correct horse battery staple',
  'janedoe1984',
  'tm8-Qx!walnut-77',
  'Kx9#mP2$vL',
];
const LONG = ['aB3$kQ9!'.repeat(36), '4@3$1!0|7+'.repeat(28), 'x'.repeat(288)];

const rssBefore = process.memoryUsage().rss;
let started = performance.now();
await checkPassword('velvet-Atelier-2026!', EMAIL);
const first = performance.now() - started;
const rssAfter = process.memoryUsage().rss;

const times: number[] = [];
for (let round = 0; round < 20; round++)
  for (const password of SAMPLES) {
    started = performance.now();
    await checkPassword(password, EMAIL);
    times.push(performance.now() - started);
  }
times.sort((a, b) => a - b);
const worstLong = Math.max(
  ...(await Promise.all(
    LONG.map(async (password) => {
      const at = performance.now();
      await checkPassword(password, EMAIL);
      return performance.now() - at;
    }),
  )),
);
const pct = (p: number) =>
  times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
console.log(
  `first check (loads the dictionaries): ${first.toFixed(0)} ms, +${((rssAfter - rssBefore) / 1048576).toFixed(0)} MB RSS`,
);
console.log(`then, ${times.length} checks: median ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`);
console.log(`worst of 288-character passwords: ${worstLong.toFixed(1)} ms`);
