// What a story request spends on its cookies' cryptography, per request: the meter / paywall session
// cookie verified and signed again (HMAC-SHA256, @bof/paywall), and a signed-in reader's `bof_session`
// verified (ES256), first in full and then as the session module's memo answers it. Each figure is the
// mean over a loop of calls in one process, repeated --runs times (median and range).
//
//   npm run bench:request-crypto [-- --runs 3]
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { signPaywallSession, verifyPaywallSession } from '@bof/paywall/paywall-token';
import {
  createSessionTokenVerifier,
  signSessionToken,
  verifySessionToken,
} from '../packages/api/src/modules/session/session-token';
import { formatSummary, machine, summarize } from './lib/measure.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(args.runs);

async function perCall(calls: number, call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await call();
  return ((performance.now() - started) * 1000) / calls;
}

const secret = 'a-paywall-secret-of-forty-characters-xx';
const meter = {
  sid: 'browser-1',
  uid: null,
  reads: Array.from({ length: 10 }, (_, i) => ({ articleId: `story-${i}`, at: 1_800_000_000 + i })),
  groups: ['WALL_DESIGN#compact'],
};
const cookie = await signPaywallSession(meter, secret, 'meter');
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const publicKeys = [{ keyId: 'k1', key: publicKey }];
const now = new Date();
const token = await signSessionToken(
  {
    user_id: 'u_bench',
    email: 'bench@example.org',
    membership_level: 'Premium',
    membership_type: 'Individual',
    is_bof_admin: false,
    is_first_login: false,
    unclaimed_membership_account_id: null,
    is_challenged: false,
    is_user_data_complete: true,
  },
  { privateKey, keyId: 'k1', now, ttlSeconds: 900 },
);
const remembered = createSessionTokenVerifier(publicKeys);

const figures = { hmac: [] as number[], es256: [] as number[], memo: [] as number[] };
for (let run = 0; run < runs; run += 1) {
  figures.hmac.push(
    await perCall(50_000, async () => {
      await verifyPaywallSession(cookie, secret, { purpose: 'meter' });
      await signPaywallSession(meter, secret, 'meter');
    }),
  );
  figures.es256.push(await perCall(5_000, () => verifySessionToken(token, { publicKeys, now })));
  figures.memo.push(await perCall(200_000, () => remembered(token, now)));
}

const m = machine();
console.log(
  `Request cryptography, ${runs} runs; ${m.cpus} CPUs (${m.model}), Node ${m.node}; load ${m.load}; ${m.at}.`,
);
console.log('| per request | µs |\n| --- | ---: |');
console.log(
  `| meter cookie verified and signed again (HMAC-SHA256) | ${formatSummary(summarize(figures.hmac), 1)} |`,
);
console.log(`| session token verified in full (ES256) | ${formatSummary(summarize(figures.es256), 1)} |`);
console.log(`| session token answered from the memo | ${formatSummary(summarize(figures.memo), 2)} |`);
