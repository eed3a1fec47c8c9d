// The cluster suite: the product as three server processes on one PostgreSQL database behind nginx
// (round-robin, no stickiness), checked across processes, then restarted one by one under load.
// Run with `npm run test:cluster` (needs the local PostgreSQL, nginx and a build: `npm run build`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
