import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_URIS, type EventName } from './catalogue';
import { SCHEMAS } from './generated/event-schemas';
import { validateEventData, validateSelfDescribing } from './validate-event';

// Spec §5, written out here rather than read from the schemas, so a wrong schema fails these tests.
const STRING_LIMITS: Partial<Record<EventName, Record<string, number>>> = {
  wall_seen: { zephrTrialsJson: 4000 },
  wall_clicked: { zephrTrialsJson: 4000 },
  temporary_article_event: { context: 2048 },
  page_view: {
    pagePath: 4048,
    pageTitle: 1024,
    pageReferrer: 12048,
    pageQuery: 12048,
    pageUrl: 12048,
    utmMedium: 1024,
    utmSource: 1024,
    utmTerm: 1024,
    utmContent: 1024,
    utmCampaign: 1024,
  },
  marketing_page_viewed: {
    pagePath: 4048,
    pageTitle: 1024,
    pageReferrer: 12048,
    pageQuery: 1024,
    pageUrl: 12048,
    utmMedium: 1024,
    utmSource: 1024,
    utmTerm: 1024,
    utmContent: 1024,
    utmCampaign: 1024,
  },
  ai_search_result: { answer: 10000, searchTerm: 1024 },
  search: { searchTerm: 1024 },
  search_result_click: { searchTerm: 255 },
};
const DEFAULT_STRING_LIMIT = 255;

const REQUIRED: Partial<Record<EventName, Record<string, unknown>>> = {
  wall_seen: { placement: 'inline' },
  wall_clicked: { placement: 'inline' },
  nba_banner_seen: { placement: 'footer' },
  nba_banner_clicked: { placement: 'footer' },
  scroll_depth: { percentage: 50 },
  search_result_click: { position: 0 },
  ai_search_result: { type: 'success' },
  registered: { app: 'web', connection: 'email' },
  temporary_article_event: { subject: 'article', action: 'expand' },
};

const uriOf = (self: { vendor: string; name: string; version: string }) =>
  `iglu:${self.vendor}/${self.name}/jsonschema/${self.version}`;
const ownSchemas = SCHEMAS.filter((schema) => schema.self.vendor === 'com.bof');
/** The version of each event the tracker sends: the one its limits are tested on. */
const currentSchemas = ownSchemas.filter((schema) =>
  Object.values(EVENT_SCHEMA_URIS).includes(uriOf(schema.self) as never),
);
const eventNames = Object.keys(EVENT_SCHEMA_URIS) as EventName[];

const check = (event: EventName, extra: Record<string, unknown>) =>
  validateEventData(EVENT_SCHEMA_URIS[event], { ...REQUIRED[event], ...extra });

type Property = {
  type?: string | readonly string[];
  maxLength?: number;
  enum?: readonly unknown[];
  pattern?: string;
};
const stringFields = (event: EventName) => {
  const schema = currentSchemas.find((s) => s.self.name === event)!;
  return Object.entries(schema.properties as Record<string, Property>).filter(
    // Coded strings (currencyVariant) have tests of their own below.
    ([, p]) => p.type === 'string' && !p.enum && !p.pattern,
  );
};
const listFields = (event: EventName) => {
  const schema = currentSchemas.find((s) => s.self.name === event)!;
  return Object.entries(schema.properties as Record<string, Property & { items?: Property }>).filter(
    ([name, p]) =>
      p.type === 'array' && p.items?.type === 'string' && !p.items.enum && name !== 'zephrAbGroups',
  );
};

describe('the event catalogue', () => {
  it('holds every event the issue lists, named snake_case under com.bof, sent at its newest version', () => {
    expect(eventNames.sort()).toEqual(
      [
        'page_view',
        'marketing_page_viewed',
        'wall_seen',
        'wall_clicked',
        'nba_banner_seen',
        'nba_banner_clicked',
        'registered',
        'login',
        'logout',
        'search',
        'search_result_click',
        'ai_search_result',
        'scroll_depth',
        'copy',
        'share',
        'gift_created',
        'gift_opened',
        'newsletter_subscribe',
        'follow',
        'unfollow',
        'checkout_started',
        'payment_submitted',
        'purchase',
        'upgrade',
        'cancellation',
        'consent_shown',
        'consent_changed',
        'profile_viewed',
        'organisation_user_added',
        'organisation_user_removed',
        'event_ticket_purchase',
        'app_screen_viewed',
        'temporary_article_event',
      ].sort(),
    );
    for (const name of eventNames) {
      expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      const versions = ownSchemas.filter((s) => s.self.name === name).map((s) => s.self.version);
      expect(versions[0]).toBe('1-0-0');
      expect(EVENT_SCHEMA_URIS[name]).toBe(`iglu:com.bof/${name}/jsonschema/${versions.sort().at(-1)}`);
    }
  });

  it('keeps every published version, so what older pages send is still accepted', () => {
    const old = ['WALL#variant b'];
    expect(
      validateEventData('iglu:com.bof/wall_seen/jsonschema/1-0-0', { placement: 'x', zephrAbGroups: old }).ok,
    ).toBe(true);
    expect(validateEventData('iglu:com.bof/page_view/jsonschema/1-0-0', { pagePath: '/' }).ok).toBe(true);
  });

  it('changes a published schema only by an addition: 1-0-1 loosens 1-0-0 or adds optional fields', () => {
    const loosened = (schema: unknown) =>
      JSON.parse(
        JSON.stringify(schema, (key, value: unknown) =>
          key === 'maxItems' || key === 'pattern' || key === 'description' || key === 'version'
            ? undefined
            : value,
        ),
      ) as unknown;
    for (const next of ownSchemas.filter((s) => s.self.version === '1-0-1')) {
      const first = ownSchemas.find((s) => s.self.name === next.self.name && s.self.version === '1-0-0')!;
      const firstFields = Object.keys((first as { properties?: object }).properties ?? {});
      const nextSchema = next as { properties?: Record<string, unknown>; required?: string[] };
      const added = Object.keys(nextSchema.properties ?? {}).filter((f) => !firstFields.includes(f));
      // An added field is optional: events valid under 1-0-0 stay valid.
      for (const field of added) expect(nextSchema.required ?? []).not.toContain(field);
      const withoutAdded = {
        ...nextSchema,
        properties: Object.fromEntries(
          Object.entries(nextSchema.properties ?? {}).filter(([f]) => !added.includes(f)),
        ),
      };
      expect(loosened(withoutAdded)).toEqual(loosened(first));
      // Removed limits only: no new maxItems, and a pattern only where one was.
      expect(JSON.stringify(next)).not.toContain('maxItems');
    }
  });

  it('accepts each event with only its required fields', () => {
    for (const name of eventNames)
      expect(check(name, {})).toEqual({ ok: true, schema: EVENT_SCHEMA_URIS[name] });
  });

  it('refuses unknown fields and unknown schemas', () => {
    expect(check('copy', { wordCount: 3 })).toMatchObject({
      ok: false,
      code: 'invalid_data',
      problems: [{ path: '/', message: 'has unknown field wordCount' }],
    });
    expect(validateEventData('iglu:com.bof/nope/jsonschema/1-0-0', {})).toMatchObject({
      ok: false,
      code: 'unknown_schema',
    });
    expect(validateSelfDescribing({ data: {} })).toMatchObject({ ok: false, code: 'not_self_describing' });
  });
});

describe('string limits (spec §5): at the limit accepted, one over refused', () => {
  for (const event of eventNames) {
    for (const [field] of stringFields(event)) {
      const limit = STRING_LIMITS[event]?.[field] ?? DEFAULT_STRING_LIMIT;
      it(`${event}.${field} ≤ ${limit}`, () => {
        expect(check(event, { [field]: 'x'.repeat(limit) }).ok).toBe(true);
        expect(check(event, { [field]: 'x'.repeat(limit + 1) })).toMatchObject({
          ok: false,
          code: 'invalid_data',
          problems: [{ path: `/${field}`, message: `must NOT have more than ${limit} characters` }],
        });
      });
    }
    for (const [field] of listFields(event)) {
      it(`${event}.${field}[] items ≤ 255`, () => {
        expect(check(event, { [field]: ['x'.repeat(255)] }).ok).toBe(true);
        expect(check(event, { [field]: ['ok', 'x'.repeat(256)] })).toMatchObject({
          ok: false,
          problems: [{ path: `/${field}/1` }],
        });
      });
    }
  }
});

describe('number and code limits (spec §5)', () => {
  const integerCases: [EventName, string, number, number][] = [
    ['event_ticket_purchase', 'ticketQty', 1, 1000],
    ['scroll_depth', 'percentage', 0, 100],
    ['copy', 'wordsCopied', 0, 2147483647],
  ];
  for (const [event, field, min, max] of integerCases) {
    it(`${event}.${field} is an integer from ${min} to ${max}`, () => {
      expect(check(event, { [field]: min }).ok).toBe(true);
      expect(check(event, { [field]: max }).ok).toBe(true);
      expect(check(event, { [field]: min - 1 })).toMatchObject({
        ok: false,
        problems: [{ path: `/${field}` }],
      });
      expect(check(event, { [field]: max + 1 })).toMatchObject({
        ok: false,
        problems: [{ path: `/${field}` }],
      });
      expect(check(event, { [field]: min + 0.5 })).toMatchObject({
        ok: false,
        problems: [{ path: `/${field}` }],
      });
      expect(check(event, { [field]: String(min) }).ok).toBe(false);
    });
  }

  for (const event of ['checkout_started', 'payment_submitted', 'purchase', 'upgrade'] as const) {
    it(`${event}.currencyVariant is exactly 3 letters`, () => {
      expect(check(event, { currencyVariant: 'GBP' }).ok).toBe(true);
      expect(check(event, { currencyVariant: 'GBPX' })).toMatchObject({
        ok: false,
        problems: expect.arrayContaining([
          { path: '/currencyVariant', message: 'must NOT have more than 3 characters' },
        ]),
      });
      expect(check(event, { currencyVariant: 'GB' }).ok).toBe(false);
      expect(check(event, { currencyVariant: 'G1P' }).ok).toBe(false);
    });
  }

  const abGroupEvents = currentSchemas
    .filter((schema) => 'zephrAbGroups' in (schema.properties as Record<string, unknown>))
    .map((schema) => schema.self.name as EventName);

  it('zephrAbGroups is on the page, wall, banner, marketing and checkout events', () => {
    expect(abGroupEvents.sort()).toEqual(
      [
        'checkout_started',
        'marketing_page_viewed',
        'nba_banner_clicked',
        'nba_banner_seen',
        'page_view',
        'wall_clicked',
        'wall_seen',
      ].sort(),
    );
  });

  for (const event of abGroupEvents) {
    it(`${event}.zephrAbGroups entries are GROUP_ID#GROUP_NAME within 255 characters, as many as sent`, () => {
      const atLimit = `${'G'.repeat(127)}#${'n'.repeat(127)}`;
      expect(atLimit).toHaveLength(255);
      const good = ['WALL#variant b', 'WALL_OFFER#control', 'Prix été#Groupe (B) – 2', atLimit];
      expect(check(event, { zephrAbGroups: good }).ok).toBe(true);
      expect(check(event, { zephrAbGroups: Array.from({ length: 500 }, (_, i) => `G${i}#n`) }).ok).toBe(true);
      expect(check(event, { zephrAbGroups: [`${atLimit}x`] })).toMatchObject({
        ok: false,
        problems: [{ path: '/zephrAbGroups/0', message: 'must NOT have more than 255 characters' }],
      });
      for (const bad of ['WALL', '#name', 'WALL#', 'a#b#c', '']) {
        expect(check(event, { zephrAbGroups: [bad] })).toMatchObject({
          ok: false,
          problems: [{ path: '/zephrAbGroups/0' }],
        });
      }
    });
  }

  it('no list has a length limit the spec does not set (the 40000-byte batch bounds them)', () => {
    for (const schema of currentSchemas) expect(JSON.stringify(schema)).not.toContain('maxItems');
    expect(check('search', { searchFilters: Array.from({ length: 1000 }, (_, i) => `f${i}`) }).ok).toBe(true);
  });

  it('enumerations refuse values outside them', () => {
    expect(check('ai_search_result', { type: 'maybe' }).ok).toBe(false);
    expect(check('cancellation', { action: 'accepted_discount' }).ok).toBe(true);
    expect(check('cancellation', { action: 'paused' }).ok).toBe(false);
    expect(check('profile_viewed', { profileType: 'org', profileLevel: 'premium' }).ok).toBe(true);
    expect(check('profile_viewed', { profileType: 'company' }).ok).toBe(false);
    expect(check('purchase', { currency: 'JPY' }).ok).toBe(false);
  });
});

describe("the tracker's own application_error (spec §9)", () => {
  const APPLICATION_ERROR = 'iglu:com.snowplowanalytics.snowplow/application_error/jsonschema/1-0-2';
  const error = (fields: Record<string, unknown>) =>
    validateEventData(APPLICATION_ERROR, { programmingLanguage: 'JAVASCRIPT', message: 'x', ...fields });

  it('takes a message of 2048 characters and refuses 2049', () => {
    expect(error({ message: 'm'.repeat(2048) }).ok).toBe(true);
    expect(error({ message: 'm'.repeat(2049) })).toMatchObject({
      ok: false,
      problems: [{ path: '/message', message: 'must NOT have more than 2048 characters' }],
    });
  });

  it('takes a stack trace of 8192 characters and refuses 8193', () => {
    expect(error({ stackTrace: 's'.repeat(8192) }).ok).toBe(true);
    expect(error({ stackTrace: 's'.repeat(8193) })).toMatchObject({
      ok: false,
      problems: [{ path: '/stackTrace', message: 'must NOT have more than 8192 characters' }],
    });
  });
});

describe('required fields (spec §5)', () => {
  for (const [event, fields] of Object.entries(REQUIRED) as [EventName, Record<string, unknown>][]) {
    for (const field of Object.keys(fields)) {
      it(`${event} requires ${field}`, () => {
        const data: Record<string, unknown> = { ...fields };
        delete data[field];
        expect(validateEventData(EVENT_SCHEMA_URIS[event], data)).toMatchObject({
          ok: false,
          code: 'invalid_data',
          problems: [{ path: '/', message: `must have required property '${field}'` }],
        });
      });
    }
  }

  it('no other event has required fields', () => {
    for (const schema of ownSchemas) {
      const required = 'required' in schema ? [...(schema.required as readonly string[])] : [];
      expect(required.sort()).toEqual(Object.keys(REQUIRED[schema.self.name as EventName] ?? {}).sort());
    }
  });
});
