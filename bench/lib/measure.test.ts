import { describe, expect, it } from 'vitest';
import { parseWrkOutput, percentile, summarize, wrkScript, zipfSequence } from './measure.mjs';

describe('bench measurements', () => {
  it('takes percentiles by nearest rank and summarises runs as median and range', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
    expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(summarize([4, 1, 2, 3]).median).toBe(2.5);
  });

  it('spreads requests over addresses with a long tail, the same way every time', () => {
    const addresses = Array.from({ length: 50 }, (_, i) => `/s/${i}/`);
    const sequence = zipfSequence(addresses, 10_000);
    expect(sequence).toEqual(zipfSequence(addresses, 10_000));
    const counts = new Map<string, number>();
    for (const a of sequence) counts.set(a, (counts.get(a) ?? 0) + 1);
    expect(counts.get('/s/0/')!).toBeGreaterThan(5 * (counts.get('/s/9/') ?? 0));
    expect(counts.size).toBeGreaterThan(40);
  });

  it('reads wrk results and the cache miss rate from the script line', () => {
    const output = `Running 5s test\nWRKJSON {"requests":1000,"durationUs":5000000,"bytes":2048000,"p50":1500,"p95":4000,"p99":9000,"socketErrors":0,"non2xx":2,"hits":900,"misses":90,"shared":10,"none":0}\n`;
    expect(parseWrkOutput(output)).toMatchObject({
      requests: 1000,
      rps: 200,
      p50Ms: 1.5,
      p95Ms: 4,
      p99Ms: 9,
      kbPerResponse: 2,
      non2xx: 2,
      missRate: 0.1,
      passRate: 0,
    });
    expect(() => parseWrkOutput('no line')).toThrow(/no result/);
  });

  it('writes a script that sends the headers and quotes the addresses', () => {
    const script = wrkScript(['/a/', '/b"/'], { cookie: 'x=1' });
    expect(script).toContain('local paths = { "/a/", "/b\\"/" }');
    expect(script).toContain('wrk.headers["cookie"] = "x=1"');
    expect(script).not.toContain('wrk.method');
    expect(script).not.toContain('wrk.body');
  });

  it('writes a script that sends each request the next cookie, when given several', () => {
    const script = wrkScript(['/a/'], {}, { cookies: ['bof_meter=1', 'bof_meter="2"'] });
    expect(script).toContain('local cookies = { "bof_meter=1", "bof_meter=\\"2\\"" }');
    expect(script).toContain('if #cookies > 0 then wrk.headers["cookie"] = cookies[(at % #cookies) + 1] end');
    expect(wrkScript(['/a/'], {})).toContain('local cookies = {  }');
  });

  it('writes a script that POSTs a quoted body', () => {
    const script = wrkScript(['/api/graphql/'], {}, { method: 'POST', body: '{"query":"{ a }"}' });
    expect(script).toContain('wrk.method = "POST"');
    expect(script).toContain('wrk.body = "{\\"query\\":\\"{ a }\\"}"');
  });
});
