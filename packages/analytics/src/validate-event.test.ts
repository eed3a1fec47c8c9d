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

const ownSchemas = SCHEMAS.filter((schema) => schema.self.vendor === 'com.bof');
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
  const schema = ownSchemas.find((s) => s.self.name === event)!;
  return Object.entries(schema.properties as Record<string, Property>).filter(
    // Coded strings (currencyVariant) have tests of their own below.
    ([, p]) => p.type === 'string' && !p.enum && !p.pattern,
  );
};
const listFields = (event: EventName) => {
  const schema = ownSchemas.find((s) => s.self.name === event)!;
  return Object.entries(schema.properties as Record<string, Property & { items?: Property }>).filter(
    ([name, p]) =>
      p.type === 'array' && p.items?.type === 'string' && !p.items.enum && name !== 'zephrAbGroups',
  );
};

describe('the event catalogue', () => {
  it('holds every event the issue lists, named snake_case at version 1-0-0 under com.bof', () => {
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
      expect(EVENT_SCHEMA_URIS[name]).toBe(`iglu:com.bof/${name}/jsonschema/1-0-0`);
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

  for (const event of ['page_view', 'wall_seen', 'checkout_started'] as const) {
    it(`${event}.zephrAbGroups entries are GROUP_ID#GROUP_NAME`, () => {
      expect(check(event, { zephrAbGroups: ['WALL#variant b', 'WALL_OFFER#control'] }).ok).toBe(true);
      for (const bad of ['WALL', '#name', 'WALL#', 'a#b#c', `WALL#${'x'.repeat(65)}`]) {
        expect(check(event, { zephrAbGroups: [bad] })).toMatchObject({
          ok: false,
          problems: [{ path: '/zephrAbGroups/0' }],
        });
      }
    });
  }

  it('enumerations refuse values outside them', () => {
    expect(check('ai_search_result', { type: 'maybe' }).ok).toBe(false);
    expect(check('cancellation', { action: 'accepted_discount' }).ok).toBe(true);
    expect(check('cancellation', { action: 'paused' }).ok).toBe(false);
    expect(check('profile_viewed', { profileType: 'org', profileLevel: 'premium' }).ok).toBe(true);
    expect(check('profile_viewed', { profileType: 'company' }).ok).toBe(false);
    expect(check('purchase', { currency: 'JPY' }).ok).toBe(false);
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
