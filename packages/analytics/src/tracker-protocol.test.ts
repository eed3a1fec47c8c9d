import { describe, expect, it } from 'vitest';
import { classifyEvent, classifyPostBody, classifyQuery } from './tracker-protocol';

const ueEnvelope = (schema: string, data: unknown) =>
  JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
    data: { schema, data },
  });
const contexts = (...entities: unknown[]) =>
  JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0', data: entities });
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const webPage = {
  schema: 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0',
  data: { id: '7d9b0b5e-1f49-4d7e-9a5b-3e0f2a1c4b6d' },
};

const event = (fields: Record<string, string>) => ({
  e: 'pv',
  eid: 'a3b6ad3b-6fa2-4a4c-9a9d-2a1a7e1b5c01',
  tv: 'js-4.10.1',
  p: 'web',
  aid: 'frontend',
  dtm: '1795400000000',
  url: 'http://localhost/',
  ...fields,
});

describe('classifyEvent', () => {
  it('collects a page view with a valid web_page entity', () => {
    const result = classifyEvent(event({ co: contexts(webPage) }));
    expect(result).toMatchObject({
      ok: true,
      event: {
        eventType: 'pv',
        schema: null,
        appId: 'frontend',
        pageUrl: 'http://localhost/',
        deviceCreatedAt: new Date(1795400000000),
        payload: { entities: [webPage] },
      },
    });
  });

  it('collects a self-describing event sent plain or base64url-encoded', () => {
    const ue = ueEnvelope('iglu:com.bof/scroll_depth/jsonschema/1-0-0', { percentage: 75, articleId: 'é-1' });
    for (const fields of [{ ue_pr: ue }, { ue_px: base64url(ue) }] as Record<string, string>[]) {
      expect(classifyEvent(event({ e: 'ue', ...fields }))).toMatchObject({
        ok: true,
        event: {
          eventType: 'ue',
          schema: 'iglu:com.bof/scroll_depth/jsonschema/1-0-0',
          payload: { event: { data: { percentage: 75, articleId: 'é-1' } } },
        },
      });
    }
  });

  it('rejects data that breaks its schema, naming where', () => {
    const ue = ueEnvelope('iglu:com.bof/scroll_depth/jsonschema/1-0-0', { percentage: 101 });
    expect(classifyEvent(event({ e: 'ue', ue_pr: ue }))).toMatchObject({
      ok: false,
      rejected: {
        code: 'invalid_data',
        schema: 'iglu:com.bof/scroll_depth/jsonschema/1-0-0',
        problems: [{ path: '/ue_pr/data/percentage', message: 'must be <= 100' }],
      },
    });
  });

  it('rejects an unknown schema, a bad entity, bad JSON and bad protocol fields', () => {
    const unknown = classifyEvent(
      event({ e: 'ue', ue_pr: ueEnvelope('iglu:com.bof/nope/jsonschema/1-0-0', {}) }),
    );
    expect(unknown).toMatchObject({ ok: false, rejected: { code: 'unknown_schema' } });
    const badEntity = classifyEvent(event({ co: contexts({ ...webPage, data: { id: 'x' } }) }));
    expect(badEntity).toMatchObject({
      ok: false,
      rejected: { code: 'invalid_data', problems: [{ path: '/co/data/0/id' }] },
    });
    expect(classifyEvent(event({ co: '{' }))).toMatchObject({
      ok: false,
      rejected: { code: 'invalid_tracker_payload', problems: [{ path: '/co' }] },
    });
    expect(classifyEvent(event({ e: 'ue' }))).toMatchObject({
      ok: false,
      rejected: { code: 'invalid_tracker_payload' },
    });
    expect(classifyEvent(event({ eid: 'not-a-uuid' }))).toMatchObject({
      ok: false,
      rejected: { code: 'invalid_tracker_payload', problems: [{ path: '/eid' }] },
    });
    expect(classifyEvent(event({ e: 'xx' }))).toMatchObject({
      ok: false,
      rejected: { code: 'invalid_tracker_payload', problems: [{ path: '/e' }] },
    });
    expect(classifyEvent('nonsense')).toMatchObject({ ok: false, rejected: { payload: 'nonsense' } });
  });
});

describe('text that cannot be stored', () => {
  it('rejects U+0000 or a lone surrogate anywhere: a field, the event data (plain or base64url) or an entity', () => {
    const nulData = ueEnvelope('iglu:com.bof/share/jsonschema/1-0-0', { sharedPlatform: 'x\u0000' });
    const cases: [Record<string, string>, string][] = [
      [{ refr: 'a\ud800b' }, '/refr'],
      [{ e: 'ue', ue_pr: nulData }, '/ue_pr/data/sharedPlatform'],
      [{ e: 'ue', ue_px: base64url(nulData) }, '/ue_pr/data/sharedPlatform'],
      [{ co: contexts({ ...webPage, data: { id: webPage.data.id } }), tna: 'x\udc00' }, '/tna'],
    ];
    for (const [fields, path] of cases) {
      expect(classifyEvent(event(fields))).toMatchObject({
        ok: false,
        rejected: { code: 'invalid_tracker_payload', problems: [{ path }] },
      });
    }
    // A surrogate pair is an ordinary character.
    expect(classifyEvent(event({ page: 'Runway 👗' })).ok).toBe(true);
  });
});

describe('classifyPostBody and classifyQuery', () => {
  it('splits a batch into good events and bad rows', () => {
    const body = {
      schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
      data: [event({}), event({ eid: 'bad' })],
    };
    const result = classifyPostBody(body);
    expect(result.ok && [result.good.length, result.bad.length]).toEqual([1, 1]);
  });

  it('refuses a body that is not a payload_data envelope, keeping it whole as one bad row', () => {
    for (const body of [
      {},
      [],
      null,
      'text',
      { schema: 'iglu:com.x/y/jsonschema/1-0-0', data: [event({})] },
      { schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: [] },
    ]) {
      expect(classifyPostBody(body)).toMatchObject({
        ok: false,
        code: 'invalid_payload',
        bad: [{ code: 'invalid_payload', schema: null, payload: body }],
      });
    }
  });

  it('judges every event of a batch on its own: null, a string, a NUL or a nested field spoil only themselves', () => {
    const good = event({ eid: 'a3b6ad3b-6fa2-4a4c-9a9d-2a1a7e1b5c02' });
    const withNul = event({ eid: 'a3b6ad3b-6fa2-4a4c-9a9d-2a1a7e1b5c03', url: 'http://localhost/\u0000' });
    const nested = { ...event({ eid: 'a3b6ad3b-6fa2-4a4c-9a9d-2a1a7e1b5c04' }), res: { w: 1 } };
    const result = classifyPostBody({
      schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
      data: [null, good, 'x', withNul, nested],
    });
    if (!result.ok) throw new Error('expected a batch');
    expect(result.good.map((e) => e.eventId)).toEqual([good.eid]);
    expect(result.bad.map((row) => [row.code, row.problems[0]?.path])).toEqual([
      ['invalid_tracker_payload', '/'],
      ['invalid_tracker_payload', '/'],
      ['invalid_tracker_payload', '/url'],
      ['invalid_tracker_payload', '/res'],
    ]);
    expect(result.bad.map((row) => row.payload)).toEqual([null, 'x', withNul, nested]);
  });

  it('reads one event from a pixel query string', () => {
    const params = new URLSearchParams(
      event({
        e: 'ue',
        ue_px: base64url(ueEnvelope('iglu:com.bof/copy/jsonschema/1-0-0', { wordsCopied: 12 })),
      }),
    );
    expect(classifyQuery(params)).toMatchObject({
      ok: true,
      good: [{ schema: 'iglu:com.bof/copy/jsonschema/1-0-0' }],
      bad: [],
    });
    expect(classifyQuery(new URLSearchParams())).toEqual({
      ok: false,
      code: 'invalid_payload',
      message: 'Expected an event in the query.',
      bad: [],
    });
    expect(classifyQuery(new URLSearchParams({ hello: 'world' }))).toMatchObject({
      ok: true,
      good: [],
      bad: [{ code: 'invalid_tracker_payload', payload: { hello: 'world' } }],
    });
  });
});
