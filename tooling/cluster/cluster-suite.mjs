// The cluster suite: the product as three server processes on one PostgreSQL database behind nginx
// (round-robin, no stickiness), checked across processes, then restarted one by one under load.
// Run with `npm run test:cluster` (needs the local PostgreSQL, nginx and a build: `npm run build`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { importContent, root, startCluster } from './cluster.mjs';

const results = [];
async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✗ ${name}\n${error?.stack ?? error}`);
  }
}

const psql = (url, query) => spawnSync('psql', [url, '-tAc', query], { encoding: 'utf8' }).stdout.trim();

/** A browser's cookies, carried by hand (fetch keeps none). */
function cookieJar() {
  const jar = new Map();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      }
    },
    copy() {
      const other = cookieJar();
      for (const [k, v] of jar) other.set(k, v);
      return other;
    },
    set: (k, v) => jar.set(k, v),
    get: (k) => jar.get(k),
  };
}

/** GET following redirects on the same base (each hop may land on another process), with cookies. */
async function browse(base, pathAndQuery, jar) {
  let url = new URL(pathAndQuery, base);
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location'), url);
      url = new URL(url.pathname + url.search, base);
      continue;
    }
    return { status: res.status, html: await res.text(), headers: res.headers };
  }
  throw new Error(`too many redirects for ${pathAndQuery}`);
}

const identity = (base) => ({
  async flow(kind) {
    const res = await fetch(`${base}/identity/self-service/${kind}/api`);
    assert.equal(res.status, 200, `${kind} flow`);
    return (await res.json()).id;
  },
  async register(email, password) {
    const flow = await this.flow('registration');
    return fetch(`${base}/identity/self-service/registration?flow=${flow}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'password', password, traits: { email } }),
    });
  },
  async login(identifier, password) {
    const flow = await this.flow('login');
    return fetch(`${base}/identity/self-service/login?flow=${flow}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'password', identifier, password }),
    });
  },
  whoami: (token) => fetch(`${base}/identity/sessions/whoami`, { headers: { 'x-session-token': token } }),
});

/** The site's own answer to a JSON POST (GraphQL, the auth endpoint, the simulator's card form). */
async function postJson(base, pathname, body, jar, headers = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.header(), ...headers },
    body: JSON.stringify(body),
  });
  jar.take(res);
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

async function graphql(base, jar, query, variables) {
  const res = await postJson(base, '/api/graphql/', { query, variables }, jar);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.errors, undefined, res.text);
  return res.json.data;
}

/**
 * A browser signed up through the identity server's browser flow (`ory_kratos_session`), then given the
 * site's session cookies by the auth endpoint: each step through another process.
 */
async function signedUpBrowser(bases, email) {
  const jar = cookieJar();
  const flowRes = await fetch(`${bases[0]}/identity/self-service/registration/browser`, {
    headers: { accept: 'application/json' },
  });
  jar.take(flowRes);
  const flow = await flowRes.json();
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const done = await postJson(
    bases[1 % bases.length],
    `/identity/self-service/registration?flow=${flow.id}`,
    { method: 'password', password: 'tailored-coat-19', csrf_token: csrf, traits: { email } },
    jar,
    { accept: 'application/json' },
  );
  assert.equal(done.status, 200, done.text);
  await refreshSession(bases[2 % bases.length], jar);
  return jar;
}

/** The auth endpoint: the site's session cookies for the browser's identity session, as they are now. */
async function refreshSession(base, jar) {
  const res = await postJson(base, '/api/auth/token', { castleRequestToken: null, currentUrl: null }, jar);
  assert.equal(res.status, 200, res.text);
}

const PURCHASE = `mutation ($input: PurchaseIndividualSubscriptionInput!) {
  purchaseIndividualSubscription(input: $input) {
    __typename
    ... on IndividualSubscription { id planCode }
    ... on Error { message }
  }
}`;

const storyRecord = (slug) =>
  JSON.parse(readFileSync(path.join(root, 'content/demo-edition/articles', `${slug}.json`), 'utf8'));

const started = Date.now();
console.log('Starting 3 server processes on PostgreSQL behind nginx…');
const cluster = await startCluster({ count: 3 });
console.log(`  up in ${Math.round((Date.now() - started) / 1000)} s at ${cluster.url}`);
const [one, two, three] = cluster.processes.map((p) => p.url);
const stories = psql(
  cluster.databaseUrl,
  `select a.slug || ' ' || s.slug || ' ' || a.access from articles a join content_sections s on s.id = a.section_id where a.kind = 'article' order by a.slug`,
)
  .split('\n')
  .map((line) => {
    const [slug, section, access] = line.split(' ');
    return { slug, access, path: `/articles/${section}/${slug}/` };
  });

try {
  await check('nginx spreads requests over all three processes, round-robin', async () => {
    const seen = new Set();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/api/health/`);
      assert.equal(res.status, 200);
      seen.add(res.headers.get('x-upstream'));
    }
    assert.equal(seen.size, 3, [...seen].join(', '));
  });

  await check('signed up through one process, signed in through another, known by the third', async () => {
    const email = `cluster-${Date.now()}@example.com`;
    const signUp = await identity(one).register(email, 'tailored-coat-19');
    assert.equal(signUp.status, 200, await signUp.clone().text());
    const login = await identity(two).login(email, 'tailored-coat-19');
    assert.equal(login.status, 200, await login.clone().text());
    const { session_token: token } = await login.json();
    const who = await identity(three).whoami(token);
    assert.equal(who.status, 200);
    assert.equal((await who.json()).identity.traits.email, email);
    // Signed out through the first: no process knows the session any more (their whoami caches too).
    const out = await fetch(`${one}/identity/self-service/logout/api`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_token: token }),
    });
    assert.equal(out.status, 204);
    for (const base of [two, three]) assert.equal((await identity(base).whoami(token)).status, 401);
  });

  await check('the identity rate limit (per identifier) holds across all three processes', async () => {
    const identifier = `limited-${Date.now()}@example.com`;
    const limit = 10; // IDENTITY_RATE_LIMIT_PER_IDENTIFIER's default
    const statuses = [];
    for (let i = 0; i < limit + 3; i++)
      statuses.push((await identity([one, two, three][i % 3]).login(identifier, 'wrong-password-1')).status);
    assert.deepEqual(statuses.slice(0, limit), Array(limit).fill(400), statuses.join(','));
    assert.deepEqual(statuses.slice(limit), [429, 429, 429], statuses.join(','));
  });

  await check(
    'a story import through one process is served fresh by all three within one second',
    async () => {
      const story = stories.find((s) => s.access === 'free');
      const record = storyRecord(story.slug);
      // Every process holds the page in its story page cache.
      for (const base of [one, two, three]) {
        const jar = cookieJar();
        await browse(base, story.path, jar);
        const second = await browse(base, story.path, jar);
        assert.equal(second.status, 200);
        assert.equal(second.headers.get('x-bof-story-cache'), 'hit', `${base} did not cache the page`);
      }
      const headline = `Cluster edit ${Date.now()}`;
      const file = path.join(cluster.dir, 'edit.json');
      writeFileSync(file, JSON.stringify({ ...record, headline }));
      importContent(cluster.databaseUrl, file);
      const committed = Date.now();
      // Each process is asked again and again; what counts is when a request that came back fresh was
      // sent (a re-render on a loaded machine takes seconds of its own, which is not staleness).
      const firstFresh = await Promise.all(
        [one, two, three].map(async (base) => {
          while (Date.now() - committed < 10_000) {
            const sent = Date.now();
            const page = await browse(base, story.path, cookieJar());
            if (page.html.includes(headline)) return sent - committed;
          }
          return Infinity;
        }),
      );
      const took = Math.max(...firstFresh);
      assert.ok(
        took <= 1000,
        `requests sent ${firstFresh.join(', ')} ms after the import were the first fresh`,
      );
      console.log(
        `    the first fresh answers were asked for ${firstFresh.join(', ')} ms after the import committed`,
      );
    },
  );

  await check('the anonymous meter counts each read once across processes', async () => {
    const metered = stories.filter((s) => s.access === 'registered').slice(0, 3);
    assert.equal(metered.length, 3);
    const jar = cookieJar();
    const first = await browse(one, metered[0].path, jar);
    assert.equal(first.status, 200);
    assert.ok(!isWalled(first.html), 'the first metered read is walled');
    // The browser sends back this cookie (one read in it) to the other processes, as a client that drops
    // its newer cookies would: the server's count, in PostgreSQL, still holds every read.
    const after = jar.copy();
    const secondRead = await browse(two, metered[1].path, after.copy());
    assert.ok(!isWalled(secondRead.html), 'the second metered read is walled');
    const third = await browse(three, metered[2].path, after.copy());
    assert.ok(isWalled(third.html), 'the third read (over METER_ANONYMOUS_READS=2) opened');
  });

  /** The member who buys through the cluster; the gift check below gifts a story as them. */
  let member;

  await check("a purchase's idempotency holds across processes: one attempt, one subscription", async () => {
    const email = `cluster-buyer-${Date.now()}@example.com`;
    const jar = await signedUpBrowser([one, two, three], email);
    const card = await postJson(
      two,
      '/api/billing-simulator/tokens',
      {
        number: '4111111111111111',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        firstName: 'Ada',
        lastName: 'Reader',
        postalCode: 'N1 9GU',
        countryCode: 'GB',
      },
      jar,
    );
    assert.equal(card.status, 200, card.text);
    const input = {
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      country: 'GB',
      billingToken: card.json.id,
      idempotencyKey: `cluster-purchase-${Date.now()}`,
      withTrial: false,
    };
    // A double click landing on two processes at once, then a retry through the third.
    const both = await Promise.all([one, two].map((base) => graphql(base, jar.copy(), PURCHASE, { input })));
    const retry = await graphql(three, jar.copy(), PURCHASE, { input });
    const answers = [...both, retry].map((d) => d.purchaseIndividualSubscription);
    for (const answer of answers)
      assert.equal(answer.__typename, 'IndividualSubscription', JSON.stringify(answer));
    assert.equal(new Set(answers.map((a) => a.id)).size, 1, JSON.stringify(answers));
    // The product's id of the reader, as the site's session token names it.
    const token = jar.get('bof_session');
    assert.ok(token, 'no bof_session cookie');
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).user_id;
    assert.ok(userId, 'the buyer has no identity');
    const counts = psql(
      cluster.databaseUrl,
      `select (select count(*) from billing_purchases where user_id = '${userId}') || ' ' || (select count(*) from billing_subscriptions where user_id = '${userId}')`,
    );
    assert.equal(counts, '1 1', 'purchase attempts and subscriptions recorded');
    await refreshSession(one, jar);
    member = { jar, subscriptionId: answers[0].id, userId };
  });

  await check('a webhook delivered twice, to two processes at once, applies once', async () => {
    assert.ok(member, 'needs the purchase above');
    const key = readFileSync(path.join(cluster.env.DATA_DIR, 'keys', 'billing-webhook-key'), 'utf8').trim();
    const id = `cluster-webhook-${Date.now()}`;
    const body = JSON.stringify({
      id,
      object_type: 'subscription',
      event_type: 'renewed',
      uuid: member.subscriptionId,
      account_code: member.userId,
    });
    const timestamp = String(Date.now());
    const signature = `${timestamp},${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
    const deliver = (base) =>
      fetch(`${base}/api/webhooks/recurly/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'recurly-signature': signature },
        body,
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const answers = await Promise.all([deliver(two), deliver(three)]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200],
      JSON.stringify(answers),
    );
    assert.deepEqual(
      answers.map((a) => a.body.result).sort(),
      ['applied', 'duplicate'],
      JSON.stringify(answers),
    );
    assert.equal(
      psql(cluster.databaseUrl, `select count(*) from billing_webhook_events where id = '${id}'`),
      '1',
    );
    // Delivered again later, through the first process: still nothing more.
    assert.deepEqual(await deliver(one), { status: 200, body: { result: 'duplicate' } });
  });

  await check("a gift's reader cap (10) counts once across processes", async () => {
    assert.ok(member, 'needs the purchase above');
    // A Premium story: a hard wall, so a browser without a place is walled (a members story would open to
    // it on the anonymous meter's free reads).
    const story = stories.find((s) => s.access === 'premium');
    assert.ok(story, 'no Premium story in the demo edition');
    const articleId = psql(cluster.databaseUrl, `select id from articles where slug = '${story.slug}'`);
    const made = await graphql(
      two,
      member.jar.copy(),
      `
        mutation ($input: CreateStoryGiftInput!) {
          createStoryGift(input: $input) {
            __typename
            ... on StoryGift {
              id
              storyGiftUrl
              maxReaders
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { input: { articleId } },
    );
    const gift = made.createStoryGift;
    assert.equal(gift.__typename, 'StoryGift', JSON.stringify(gift));
    assert.equal(gift.maxReaders, 10);
    const link = new URL(gift.storyGiftUrl);
    // Fourteen browsers open the link at once, spread over the three processes.
    const readers = Array.from({ length: 14 }, () => cookieJar());
    const pages = await Promise.all(
      readers.map((jar, i) => browse([one, two, three][i % 3], link.pathname + link.search, jar)),
    );
    const opened = pages.filter((p) => p.status === 200 && !isWalled(p.html)).length;
    assert.equal(opened, 10, `${opened} of 14 browsers read the whole story`);
    assert.equal(
      psql(cluster.databaseUrl, `select count(*) from story_gift_readers where gift_id = '${gift.id}'`),
      '10',
    );
    // A reader who holds a place keeps it, whichever process answers.
    const holder = readers.find((_, i) => !isWalled(pages[i].html));
    for (const base of [one, two, three])
      assert.ok(!isWalled((await browse(base, link.pathname + link.search, holder)).html));
  });

  await check('rolling restart under load: zero failed requests and zero lost writes', async () => {
    const free = stories.filter((s) => s.access === 'free').map((s) => s.path);
    const load = autocannon({
      url: cluster.url,
      connections: 4,
      overallRate: 40, // bounded: the machine is shared
      duration: 3600,
      requests: [
        { method: 'GET', path: '/api/health/' },
        ...free.slice(0, 3).map((p) => ({ method: 'GET', path: p })),
      ],
    });
    const acknowledged = [];
    const failedWrites = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const email = `rolling-${started}-${i}@example.com`;
        try {
          const res = await identity(cluster.url).register(email, 'tailored-coat-19');
          if (res.status === 200) acknowledged.push(email);
          else failedWrites.push(`${email}: ${res.status}`);
        } catch (error) {
          failedWrites.push(`${email}: ${error.message}`);
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (let i = 0; i < 3; i++) {
      await cluster.restart(i);
      console.log(`    process ${i + 1} restarted`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    writing = false;
    await writer;
    load.stop();
    const result = await new Promise((resolve) => load.on('done', resolve));
    console.log(
      `    ${result.requests.total} requests (${result.errors} errors, ${result.non2xx} non-2xx), ${acknowledged.length} sign-ups`,
    );
    assert.equal(result.errors, 0);
    assert.equal(result.non2xx, 0);
    assert.deepEqual(failedWrites, []);
    assert.ok(acknowledged.length > 0);
    const stored = Number(
      psql(
        cluster.databaseUrl,
        `select count(*) from identity_identities where traits->>'email' like 'rolling-${started}-%'`,
      ),
    );
    assert.equal(stored, acknowledged.length, 'an acknowledged sign-up is missing');
  });
} finally {
  await cluster.stop();
}

function isWalled(html) {
  return html.includes('id="wall-heading"');
}

const failed = results.filter((r) => !r.ok).length;
console.log(
  `${results.length - failed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed ? 1 : 0);
