import { describe, expect, it } from 'vitest';
import { createViolationLog, parseCspReports } from './csp-reports';

describe('parseCspReports', () => {
  it('reads report-uri and Reporting API bodies', () => {
    expect(
      parseCspReports({
        'csp-report': {
          'document-uri': 'https://www.example.org/',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
          'line-number': 3,
        },
      }),
    ).toEqual([
      {
        documentUrl: 'https://www.example.org/',
        directive: 'script-src-elem',
        blockedUrl: 'https://evil.example/x.js',
        line: 3,
      },
    ]);
    expect(
      parseCspReports([
        { type: 'deprecation', body: {} },
        {
          type: 'csp-violation',
          body: {
            documentURL: 'https://www.example.org/a/',
            effectiveDirective: 'script-src',
            blockedURL: 'inline',
          },
        },
      ]),
    ).toEqual([{ documentUrl: 'https://www.example.org/a/', directive: 'script-src', blockedUrl: 'inline' }]);
  });

  it('refuses what is not a report', () => {
    for (const body of [{}, [], null, 'x', { 'csp-report': {} }, [{ type: 'csp-violation', body: {} }]])
      expect(parseCspReports(body)).toBeNull();
  });
});

describe('createViolationLog', () => {
  it('logs at most the bound a minute and says how many it left out', () => {
    let now = 0;
    const lines: unknown[] = [];
    const log = createViolationLog({
      perMinute: 2,
      now: () => now,
      write: (_, detail) => lines.push(detail),
    });
    const found = { documentUrl: 'https://x/', directive: 'script-src', blockedUrl: 'inline' };
    expect([log(found), log(found), log(found), log(found)]).toEqual([true, true, false, false]);
    now = 60_000;
    expect(log(found)).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toEqual({ ...found, notLogged: 2 });
  });
});
