import { beforeEach, describe, expect, it, vi } from 'vitest';

// The entitlement check of saved stories: the body is checked before any decision, and each slug gets
// the access decision of the request's cookies, never counted. The gate here stands in for the running
// services' (its decisions are tested with the access module).
const decide = vi.fn();
vi.mock('@bof/api/running-services', () => ({
  runningServices: async () => ({ access: { gate: { decide } } }),
}));

const { POST } = await import('./route');

const ask = (body: unknown, cookie = 'bof_session=x') =>
  POST(
    new Request('http://localhost/api/offline/entitlement/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

const allow = { decision: { kind: 'allow' }, counted: false };
const wall = { decision: { kind: 'wall' }, counted: false };
const wouldCount = { decision: { kind: 'allow-and-count' }, counted: false };

beforeEach(() => decide.mockReset());

describe('POST /api/offline/entitlement/', () => {
  it('answers the slugs this reader may still read, deciding without counting', async () => {
    decide.mockImplementation(async (input?: { slug: string }) =>
      input?.slug === 'open'
        ? allow
        : input?.slug === 'walled'
          ? wall
          : input?.slug === 'metered'
            ? wouldCount
            : null,
    );
    const answer = await ask({ slugs: ['open', 'walled', 'metered', 'unknown', 'open'] });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ entitled: ['open'] });
    expect(decide).toHaveBeenCalledTimes(4);
    expect(decide).toHaveBeenCalledWith({
      slug: 'open',
      cookieHeader: 'bof_session=x',
      count: false,
      pageView: false,
    });
  });

  it.each([
    ['no list', {}],
    ['not strings', { slugs: [1] }],
    ['an address instead of a slug', { slugs: ['/articles/a/b/'] }],
    ['more than 50', { slugs: Array.from({ length: 51 }, (_, i) => `s${i}`) }],
  ])('refuses %s with 400 and a clear error', async (_, body) => {
    const answer = await ask(body);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'invalid_slugs' } });
    expect(decide).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await ask('{not json');
    expect(answer.status).toBe(400);
    expect(decide).not.toHaveBeenCalled();
  });
});
