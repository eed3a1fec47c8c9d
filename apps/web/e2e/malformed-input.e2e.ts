import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from './support/test';
import { e2eBase } from './support/site';

// Malformed input to every public route of the running product: whatever a client sends, the answer is
// a refusal (4xx), a redirect or a page, never a 5xx. The routes come from the code (the app directory's
// pages and route handlers, the identity server's routes, the collector's paths), so a new route is
// fuzzed without editing this file. The inputs are drawn by a seeded generator: a failure names its
// route, input and seed, and `FUZZ_SEED=<seed>` replays the same run.

const SEED = Number(process.env.FUZZ_SEED || 20261125);
/** Inputs drawn per route, on top of the hostile values of its dynamic segments. */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES || 14);
const BATCH = 6;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const appDir = path.join(repoRoot, 'apps/web/src/app');
const identityRoutesDir = path.join(repoRoot, 'packages/identity/src/routes');

/** mulberry32: small, seeded, the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------
// Routes

type Route = {
  /** The path with `{name}` where a dynamic segment goes; a trailing slash where Next.js expects one. */
  template: string;
  /** Pages get only wrong methods; handlers any method. */
  kind: 'page' | 'handler' | 'identity' | 'collector';
};

function walk(dir: string, base = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      // Private folders (`_x`) are not routes; route groups (`(x)`) add no segment.
      if (name.startsWith('_')) continue;
      const segment = /^\(.*\)$/.test(name) ? '' : `/${name}`;
      found.push(...walk(full, base + segment));
    } else if (/^(page|route)\.tsx?$/.test(name)) {
      found.push(`${base || '/'}|${name.startsWith('page') ? 'page' : 'handler'}`);
    }
  }
  return found;
}

function appRoutes(): Route[] {
  return walk(appDir).map((entry) => {
    const [dirPath, kind] = entry.split('|') as [string, 'page' | 'handler'];
    const template = dirPath.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]?\]/g, '{$1}');
    // Files (feed.xml, report.pdf, the sitemap) have no trailing slash; everything else has one.
    const last = template.split('/').pop() ?? '';
    const withSlash = /\.[a-z]+$/.test(last) || template === '/' ? template : `${template}/`;
    const isCollector = template.startsWith('/api/collector');
    return { template: withSlash, kind: isCollector ? 'collector' : kind };
  });
}

/** The identity server's routes, read from its route modules (mounted at /identity). */
function identityRoutes(): Route[] {
  const flowTypes = [
    ...readFileSync(path.join(repoRoot, 'packages/identity/src/flows/flow-handling.ts'), 'utf8').matchAll(
      /^ {2}(\w+): \{$/gm,
    ),
  ].map((m) => m[1]!);
  expect(flowTypes).toContain('login');
  const paths = new Set<string>();
  for (const file of readdirSync(identityRoutesDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(identityRoutesDir, file), 'utf8');
    const callback = /const callback = '([^']+)'/.exec(source)?.[1];
    for (const m of source.matchAll(
      /app\.(?:get|post|put|patch|delete|all)\(\s*(?:'([^']+)'|`([^`]+)`|(\w+))/g,
    )) {
      const literal = m[1] ?? m[2] ?? (m[3] === 'callback' ? callback : undefined);
      if (!literal) continue;
      const expanded = literal.includes('${type}')
        ? flowTypes.flatMap((type) =>
            ['browser', 'api'].map((kind) => literal.replace('${type}', type).replace('${kind}', kind)),
          )
        : [literal];
      for (const p of expanded) paths.add(p);
    }
  }
  return [...paths].map((p) => ({
    template: `/identity${p.replace(/:(\w+)/g, '{$1}')}`,
    kind: 'identity' as const,
  }));
}

/** Plausible values for dynamic segments, so each segment is fuzzed while the others are sensible. */
const PLAUSIBLE: Record<string, string> = {
  section: 'news',
  slug: 'a',
  motif: 'a',
  file: 'a.svg',
  id: 'a',
  kind: 'a',
  missing: 'a',
  provider: 'google',
};

// ---------------------------------------------------------------------------------------------------
// Inputs

/** Hostile path segments, already as they go on the wire (percent-encoding left raw on purpose). */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '%%32%65',
  '%ZZ',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%EF%BF%BF%F0%9F%92%A9%E2%80%AE',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5C..%5Cwindows',
  'x'.repeat(10 * 1024),
  '%20%09%0A',
  '__proto__',
  'constructor',
];

const HOSTILE_QUERIES = [
  'a=1&a=2&a=3&a[]=4&a[b]=5',
  `q=${'x'.repeat(10 * 1024)}`,
  '%00=%00',
  '%=%&%E0%A4%A=%E0%A4%A',
  '__proto__[polluted]=1&constructor[prototype][x]=1',
  'flow=%00&id=%E0%A4%A&return_to=%',
  'return_to=javascript:alert(1)&returnTo=%2F%2Fevil.example',
  'slug=../../etc/passwd&page=-1&page=NaN&after=%FF',
  'token=' + 'A'.repeat(4096) + '&code=%00',
  'query={&variables=[&operationName=%00',
  `${Array.from({ length: 300 }, (_, i) => `k${i}=${i}`).join('&')}`,
  'e=pv&tv=%00&cx=%%%&ue_px=!!!&co=%7B',
  'refresh=maybe&aal=aal9&via=%00',
];

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

type Body = { contentType?: string; data: string | Buffer; label: string };

const HOSTILE_BODIES: Body[] = [
  { contentType: 'application/json', data: '{', label: 'truncated JSON' },
  { contentType: 'application/json', data: nested(20_000), label: 'JSON nested 20000 deep' },
  {
    contentType: 'application/json',
    data: JSON.stringify({ query: '{ '.repeat(5000), schema: 'x', data: [{}] }),
    label: 'JSON with a deep query',
  },
  {
    contentType: 'application/json',
    data: `{"a":"${'x'.repeat(900 * 1024)}"}`,
    label: 'JSON of 900 KB',
  },
  {
    contentType: 'application/json',
    data: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
    label: 'proto keys',
  },
  {
    contentType: 'application/json',
    data: '"\\u0000\\ud800"',
    label: 'JSON string with NUL and lone surrogate',
  },
  {
    contentType: 'application/json',
    data: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc0, 0xae]),
    label: 'invalid UTF-8 JSON',
  },
  { contentType: 'application/json; charset=utf-7', data: '+AHsAfQ-', label: 'JSON in UTF-7' },
  {
    contentType: 'application/x-www-form-urlencoded',
    data: 'a=%&b=%E0%A4%A&%00=1&a[]=x&a[b]=y',
    label: 'broken form',
  },
  {
    contentType: 'application/x-www-form-urlencoded',
    data: Array.from({ length: 5000 }, (_, i) => `k${i}=${'v'.repeat(20)}`).join('&'),
    label: 'form with 5000 fields',
  },
  { contentType: 'multipart/form-data', data: '--x\r\nbroken', label: 'multipart without boundary' },
  {
    contentType: 'multipart/form-data; boundary=zz',
    data: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--zz',
    label: 'unterminated multipart',
  },
  { contentType: 'text/plain', data: '\u0000\u0001\u0002', label: 'control characters as text' },
  {
    contentType: 'application/xml',
    data: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    label: 'XML with an entity',
  },
  { contentType: 'application/graphql-response+json', data: '[]', label: 'unexpected content type' },
  { data: '{"query":"{ __typename }"}', label: 'no content type' },
];

const HOSTILE_COOKIES = [
  'bof_session=%E0%A4%A; bof_meter=%00',
  `bof_session=${'x'.repeat(4000)}`,
  'bof_meter={"a":; bof_session=eyJhbGciOiJub25lIn0.e30.',
  'bof_meter=W1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW10=; bof_session=..',
  'ory_kratos_session=%; ory_kratos_session=garbage; csrf_token=%00',
  `ory_kratos_session=${'A'.repeat(3000)}`,
  '=;;;=; bof_meter',
];

const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'accept-language': 'q=x;;,*;q=2,??-!!,' + 'en-'.repeat(500) },
  { 'accept-language': 'zz-ZZZZZZZZZZ;q=NaN, , ;' },
  { 'x-forwarded-for': Array.from({ length: 500 }, (_, i) => `10.0.${i % 256}.1`).join(', ') },
  { 'x-forwarded-for': 'not-an-ip, ::ffff:zz, 999.999.999.999' },
  { accept: '*/*;q=abc, text/html;level=%00' },
  { authorization: 'Bearer %00' },
  { 'x-session-token': 'garbage', 'if-none-match': '"' },
  { range: 'bytes=9999999999-1, -' },
  { 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'evil.example:99999' },
  { 'content-length': '0', 'content-type': 'application/json' },
];

const PAGE_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH'];
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

type Attempt = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Body;
  label: string;
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? PLAUSIBLE[name] ?? 'a');
}

function attemptsFor(route: Route, random: () => number): Attempt[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const plain = fill(route.template, {});
  const attempts: Attempt[] = [];

  // Every dynamic segment with every hostile value.
  for (const name of [...route.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) {
    for (const value of HOSTILE_SEGMENTS) {
      attempts.push({
        url: fill(route.template, { [name]: value }),
        method: 'GET',
        headers: {},
        label: `segment ${name}=${value.length > 60 ? `${value.slice(0, 20)}…(${value.length})` : value}`,
      });
    }
  }

  // Drawn inputs: query strings, methods, bodies, cookies, headers.
  for (let i = 0; i < CASES_PER_ROUTE; i += 1) {
    const shape = Math.floor(random() * 5);
    if (shape === 0) {
      const query = pick(HOSTILE_QUERIES);
      attempts.push({
        url: `${plain}?${query}`,
        method: 'GET',
        headers: {},
        label: `query ${query.slice(0, 60)}`,
      });
    } else if (shape === 1) {
      const method = route.kind === 'page' ? pick(PAGE_METHODS) : pick(ALL_METHODS);
      attempts.push({ url: plain, method, headers: {}, label: `method ${method}` });
    } else if (shape === 2) {
      const body = pick(HOSTILE_BODIES);
      const method = pick(['POST', 'POST', 'PUT', 'PATCH', 'DELETE']);
      const headers: Record<string, string> = body.contentType ? { 'content-type': body.contentType } : {};
      attempts.push({ url: plain, method, headers, body, label: `${method} ${body.label}` });
    } else if (shape === 3) {
      const cookie = pick(HOSTILE_COOKIES);
      const method = route.kind === 'page' ? 'GET' : pick(['GET', 'POST']);
      attempts.push({
        url: plain,
        method,
        headers: { cookie },
        label: `${method} cookie ${cookie.slice(0, 60)}`,
      });
    } else {
      const headers = pick(HOSTILE_HEADERS);
      const summary = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v.slice(0, 40)}`)
        .join('; ');
      attempts.push({ url: plain, method: 'GET', headers, label: `headers ${summary}` });
    }
  }
  return attempts;
}

async function send(request: APIRequestContext, attempt: Attempt): Promise<number | string> {
  try {
    const response = await request.fetch(`${e2eBase}${attempt.url}`, {
      method: attempt.method,
      headers: attempt.headers,
      data: attempt.body?.data,
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: 45_000,
    });
    return response.status();
  } catch (error) {
    return `no answer: ${(error as Error).message.split('\n')[0]}`;
  }
}

test('malformed input to every public route answers below 500', async ({ request }) => {
  test.setTimeout(300_000);
  const routes = [...appRoutes(), ...identityRoutes()];
  // The discovery found the routes this file is about; a broken walk must not pass quietly.
  const templates = routes.map((r) => r.template);
  expect(templates).toEqual(
    expect.arrayContaining([
      '/articles/{section}/{slug}/',
      '/topics/{slug}/',
      '/authors/{slug}/',
      '/series/{slug}/',
      '/illustrations/{motif}/{file}/',
      '/api/graphql/',
      '/api/collector/com.snowplowanalytics.snowplow/tp2/',
      '/api/collector/i/',
      '/identity/sessions/whoami',
      '/identity/self-service/login/browser',
      '/identity/self-service/registration',
    ]),
  );

  const random = prng(SEED);
  const attempts = routes.flatMap((route) => attemptsFor(route, random));
  const failures: string[] = [];
  for (let i = 0; i < attempts.length; i += BATCH) {
    const batch = attempts.slice(i, i + BATCH);
    const answers = await Promise.all(batch.map((attempt) => send(request, attempt)));
    answers.forEach((answer, j) => {
      const attempt = batch[j]!;
      if (typeof answer === 'string' || answer >= 500) {
        const shownUrl = attempt.url.length > 160 ? `${attempt.url.slice(0, 160)}…` : attempt.url;
        failures.push(`${attempt.method} ${shownUrl} [${attempt.label}] → ${answer}`);
      }
    });
  }
  console.log(`${attempts.length} malformed requests to ${routes.length} routes (FUZZ_SEED=${SEED})`);
  expect(failures, `5xx or no answer (FUZZ_SEED=${SEED})`).toEqual([]);
});
