import { z } from 'zod';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import { findUnstorableText } from './storable-text';
import { validateSelfDescribing, type SchemaProblem } from './validate-event';

/**
 * The Snowplow tracker protocol as our collector reads it: a POST body is a `payload_data` envelope
 * holding a batch of events; a GET `/i` request is one event in its query string. Every event's
 * self-describing parts (the event itself and its entities) are checked against the catalogue.
 */

export { TRACKER_GET_PATH, TRACKER_POST_PATH } from './collector-paths';

const PAYLOAD_DATA_SCHEMA = /^iglu:com\.snowplowanalytics\.snowplow\/payload_data\/jsonschema\/1-0-\d+$/;
const UNSTRUCT_SCHEMA = /^iglu:com\.snowplowanalytics\.snowplow\/unstruct_event\/jsonschema\/1-0-\d+$/;
const CONTEXTS_SCHEMA = /^iglu:com\.snowplowanalytics\.snowplow\/contexts\/jsonschema\/1-0-\d+$/;

/** Events in one request at most; the tracker's 40000-byte batches hold far fewer. */
export const MAX_EVENTS_PER_BATCH = 1000;

const envelopeSchema = z.object({
  schema: z.string().regex(PAYLOAD_DATA_SCHEMA),
  data: z.array(z.unknown()).min(1).max(MAX_EVENTS_PER_BATCH),
});

const text = (max: number) => z.string().max(max);
const millis = z.string().regex(/^\d{1,15}$/);

// The protocol fields the collector relies on. The tracker sends many more, kept as they are; every
// protocol field is text, so one that is not (a nested value, a number) breaks the protocol.
const eventFieldsSchema = z
  .object({
    e: z.enum(['pv', 'pp', 'ue', 'se']),
    eid: z.uuid(),
    tv: text(100),
    p: text(20).optional(),
    aid: text(255).optional(),
    uid: text(255).optional(),
    duid: text(128).optional(),
    sid: text(128).optional(),
    url: text(12048).optional(),
    refr: text(12048).optional(),
    page: text(2048).optional(),
    dtm: millis.optional(),
    stm: millis.optional(),
    ue_pr: z.string().optional(),
    ue_px: z.string().optional(),
    co: z.string().optional(),
    cx: z.string().optional(),
  })
  .catchall(z.string());

/** A self-describing JSON value: `{ schema, data }`. */
export interface SelfDescribing {
  schema: string;
  data: unknown;
}

/** An event that passed every check, ready to store. */
export interface CollectedEvent {
  eventId: string;
  /** pv page view, pp page ping, ue self-describing event, se structured event. */
  eventType: 'pv' | 'pp' | 'ue' | 'se';
  /** The self-describing event's schema (ue only). */
  schema: string | null;
  appId: string | null;
  userId: string | null;
  domainUserId: string | null;
  sessionId: string | null;
  pageUrl: string | null;
  deviceCreatedAt: Date | null;
  /** The protocol fields as sent, with the event and its entities decoded. */
  payload: { fields: Record<string, unknown>; event: SelfDescribing | null; entities: SelfDescribing[] };
}

export type RejectionCode =
  'invalid_payload' | 'invalid_tracker_payload' | 'not_self_describing' | 'unknown_schema' | 'invalid_data';

/**
 * An event that failed a check, or a request body that is not a batch at all (`invalid_payload`):
 * stored as a bad row with its reason, never dropped. `payload` is the value as it arrived.
 */
export interface RejectedEvent {
  code: RejectionCode;
  /** The schema at fault, when one is named. */
  schema: string | null;
  problems: SchemaProblem[];
  payload: unknown;
}

/**
 * A request sorted for storage. `ok: false` is a request that is not a batch (a body that is not a
 * `payload_data` envelope, a pixel request without an event): refused, yet what it carried is still a
 * bad row in `bad`. Otherwise every event is judged on its own: good, or a bad row with its reason.
 */
export type ClassifiedBatch =
  | { ok: true; good: CollectedEvent[]; bad: RejectedEvent[] }
  | { ok: false; code: 'invalid_payload'; message: string; bad: RejectedEvent[] };

/** Decodes the tracker's base64url (unpadded or padded) to text. */
function decodeBase64Url(value: string): string {
  const normal = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

type Decoded<T> = { ok: true; value: T } | { ok: false; rejection: Omit<RejectedEvent, 'payload'> };

function decodeJsonField(
  plain: string | undefined,
  encoded: string | undefined,
  field: string,
): Decoded<unknown> {
  let value: unknown;
  try {
    if (plain !== undefined) value = JSON.parse(plain) as unknown;
    else if (encoded !== undefined) value = JSON.parse(decodeBase64Url(encoded)) as unknown;
  } catch {
    return {
      ok: false,
      rejection: {
        code: 'invalid_tracker_payload',
        schema: null,
        problems: [{ path: `/${field}`, message: 'is not JSON (or not base64url JSON)' }],
      },
    };
  }
  if (jsonDepthExceeds(value)) {
    return {
      ok: false,
      rejection: {
        code: 'invalid_tracker_payload',
        schema: null,
        problems: [{ path: `/${field}`, message: `nests deeper than ${MAX_JSON_DEPTH} levels` }],
      },
    };
  }
  return { ok: true, value };
}

function checkSelfDescribing(value: unknown, path: string): Decoded<SelfDescribing> {
  const result = validateSelfDescribing(value);
  if (result.ok) return { ok: true, value: value as SelfDescribing };
  return {
    ok: false,
    rejection: {
      code: result.code,
      schema: result.schema,
      problems: result.problems.map((p) => ({
        path: `${path}${p.path === '/' ? '' : p.path}`,
        message: p.message,
      })),
    },
  };
}

function unwrap(value: unknown, pattern: RegExp, field: string): Decoded<unknown> {
  const schema = (value as { schema?: unknown } | null)?.schema;
  if (typeof value !== 'object' || value === null || typeof schema !== 'string' || !pattern.test(schema)) {
    return {
      ok: false,
      rejection: {
        code: 'invalid_tracker_payload',
        schema: typeof schema === 'string' ? schema : null,
        problems: [{ path: `/${field}`, message: 'has the wrong envelope schema' }],
      },
    };
  }
  return { ok: true, value: (value as { data?: unknown }).data };
}

/** Checks one tracker event: its protocol fields, its self-describing event and each entity. */
export function classifyEvent(
  raw: unknown,
): { ok: true; event: CollectedEvent } | { ok: false; rejected: RejectedEvent } {
  const reject = (rejection: Omit<RejectedEvent, 'payload'>) => ({
    ok: false as const,
    rejected: { ...rejection, payload: raw },
  });
  const parsed = eventFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    return reject({
      code: 'invalid_tracker_payload',
      schema: null,
      problems: parsed.error.issues.map((issue) => ({
        path: `/${issue.path.join('/')}`,
        message: issue.message,
      })),
    });
  }
  const fields = parsed.data;

  let event: SelfDescribing | null = null;
  if (fields.e === 'ue') {
    const json = decodeJsonField(fields.ue_pr, fields.ue_px, fields.ue_pr !== undefined ? 'ue_pr' : 'ue_px');
    if (!json.ok) return reject(json.rejection);
    if (json.value === undefined) {
      return reject({
        code: 'invalid_tracker_payload',
        schema: null,
        problems: [{ path: '/ue_pr', message: 'a self-describing event needs ue_pr or ue_px' }],
      });
    }
    const inner = unwrap(json.value, UNSTRUCT_SCHEMA, 'ue_pr');
    if (!inner.ok) return reject(inner.rejection);
    const checked = checkSelfDescribing(inner.value, '/ue_pr/data');
    if (!checked.ok) return reject(checked.rejection);
    event = checked.value;
  }

  const entities: SelfDescribing[] = [];
  const contexts = decodeJsonField(fields.co, fields.cx, fields.co !== undefined ? 'co' : 'cx');
  if (!contexts.ok) return reject(contexts.rejection);
  if (contexts.value !== undefined) {
    const list = unwrap(contexts.value, CONTEXTS_SCHEMA, 'co');
    if (!list.ok) return reject(list.rejection);
    if (!Array.isArray(list.value)) {
      return reject({
        code: 'invalid_tracker_payload',
        schema: null,
        problems: [{ path: '/co/data', message: 'must be an array' }],
      });
    }
    for (const [index, entity] of list.value.entries()) {
      const checked = checkSelfDescribing(entity, `/co/data/${index}`);
      if (!checked.ok) return reject(checked.rejection);
      entities.push(checked.value);
    }
  }

  const { ue_pr: _pr, ue_px: _px, co: _co, cx: _cx, ...plainFields } = fields;
  const unstorable = [
    ...findUnstorableText(plainFields),
    ...(event ? findUnstorableText(event.data, '/ue_pr/data') : []),
    ...entities.flatMap((entity, index) => findUnstorableText(entity.data, `/co/data/${index}/data`)),
  ];
  if (unstorable.length > 0) {
    return reject({ code: 'invalid_tracker_payload', schema: event?.schema ?? null, problems: unstorable });
  }
  return {
    ok: true,
    event: {
      eventId: fields.eid,
      eventType: fields.e,
      schema: event?.schema ?? null,
      appId: fields.aid ?? null,
      userId: fields.uid ?? null,
      domainUserId: fields.duid ?? null,
      sessionId: fields.sid ?? null,
      pageUrl: fields.url ?? null,
      deviceCreatedAt: fields.dtm ? new Date(Number(fields.dtm)) : null,
      payload: { fields: plainFields, event, entities },
    },
  };
}

function classifyAll(events: readonly unknown[]): ClassifiedBatch {
  const good: CollectedEvent[] = [];
  const bad: RejectedEvent[] = [];
  for (const raw of events) {
    const result = classifyEvent(raw);
    if (result.ok) good.push(result.event);
    else bad.push(result.rejected);
  }
  return { ok: true, good, bad };
}

/**
 * Classifies a parsed POST body. Inside a `payload_data` envelope every event is either collected or
 * rejected on its own. A body that is not such an envelope is refused (`invalid_payload`) and kept
 * whole as one bad row.
 */
export function classifyPostBody(body: unknown): ClassifiedBatch {
  // Too deep to walk or store safely: refused, and nothing of it kept.
  if (jsonDepthExceeds(body)) {
    return {
      ok: false,
      code: 'invalid_payload',
      message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused.`,
      bad: [],
    };
  }
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) {
    return {
      ok: false,
      code: 'invalid_payload',
      message: `Expected a payload_data envelope with 1 to ${MAX_EVENTS_PER_BATCH} events.`,
      bad: [
        {
          code: 'invalid_payload',
          schema: null,
          problems: envelope.error.issues.slice(0, 10).map((issue) => ({
            path: `/${issue.path.join('/')}`,
            message: issue.message,
          })),
          payload: body,
        },
      ],
    };
  }
  return classifyAll(envelope.data.data);
}

/**
 * Classifies the one event of a GET `/i` request from its query string. A request without a query
 * carries nothing and is refused with nothing to keep; any other query is judged as an event.
 */
export function classifyQuery(params: URLSearchParams): ClassifiedBatch {
  if (params.size === 0) {
    return { ok: false, code: 'invalid_payload', message: 'Expected an event in the query.', bad: [] };
  }
  return classifyAll([Object.fromEntries(params)]);
}
