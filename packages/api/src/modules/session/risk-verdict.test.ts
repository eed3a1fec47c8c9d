import { describe, expect, it } from 'vitest';
import { CASTLE_RISK_URL, createCastleRiskCheck } from './risk-verdict';

const input = {
  requestToken: 'tok',
  event: '$login' as const,
  userId: 'u1',
  email: 'a@example.org',
  ip: '203.0.113.9',
  userAgent: 'Test/1.0',
};

function check(respond: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const run = createCastleRiskCheck({
    apiSecret: 'secret-secret-secret',
    log: () => undefined,
    fetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return respond();
    }) as typeof fetch,
  });
  return { run, calls };
}

describe('Castle risk check', () => {
  it.each(['allow', 'challenge', 'deny'] as const)('passes on the policy action %s', async (action) => {
    expect(await check(() => Response.json({ policy: { action } })).run(input)).toEqual({
      verdict: action,
      decided: true,
    });
  });

  it('denies a request token Castle refuses as invalid (its guidance: likely a bot)', async () => {
    const invalid = () =>
      Response.json({ type: 'invalid_request_token', message: 'Invalid request token' }, { status: 422 });
    expect(await check(invalid).run(input)).toEqual({ verdict: 'deny', decided: true });
    // Another 422 (a request of ours Castle cannot read) is an error of ours: fail open.
    const other = () => Response.json({ type: 'invalid_parameters' }, { status: 422 });
    expect(await check(other).run(input)).toEqual({ verdict: 'allow', decided: false });
  });

  it('sends the request token, the user and the context with Basic auth', async () => {
    const { run, calls } = check(() => Response.json({ policy: { action: 'allow' } }));
    await run(input);
    expect(calls[0]?.url).toBe(CASTLE_RISK_URL);
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe(
      `Basic ${Buffer.from(':secret-secret-secret').toString('base64')}`,
    );
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      request_token: 'tok',
      event: '$login',
      status: '$succeeded',
      user: { id: 'u1', email: 'a@example.org' },
      context: { ip: '203.0.113.9', headers: { 'User-Agent': 'Test/1.0' } },
    });
  });

  it('lets the sign-in through undecided when Castle errs or cannot be reached (fail open)', async () => {
    const undecided = { verdict: 'allow', decided: false };
    expect(await check(() => new Response('busy', { status: 503 })).run(input)).toEqual(undecided);
    expect(
      await check(() => {
        throw new TypeError('fetch failed');
      }).run(input),
    ).toEqual(undecided);
    expect(await check(() => Response.json({ policy: { action: 'something-new' } })).run(input)).toEqual(
      undecided,
    );
  });
});
