import { describe, expect, it } from 'vitest';
import { parseAnalyticsEnv } from './analytics-env';
import { ConfigurationError } from './configuration-error';

const embedded = {
  embedded: true,
  environment: 'dev' as const,
  siteUrl: 'http://localhost:3000',
  staticBaseUrl: 'http://localhost:3000/static',
};
const production = {
  embedded: false,
  environment: 'prod' as const,
  siteUrl: 'https://www.example.org',
  staticBaseUrl: 'https://static.example.org',
};
const productionIds = {
  ANALYTICS_COLLECTOR_URL: 'https://collector.example.org/',
  AD_PIXEL_ID_PROD: '123456789012345',
  TAG_MANAGER_ID_PROD: 'GTM-ABCD123',
};

const variablesAtFault = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error.variables;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
};

describe('parseAnalyticsEnv', () => {
  it('embedded: the own collector, bundled consent layer, no tags, no third parties', () => {
    expect(parseAnalyticsEnv({}, embedded)).toEqual({
      collectorUrl: 'http://localhost:3000/api/collector',
      embeddedCollector: true,
      adPixel: null,
      tagManager: null,
      consentAssets: { kind: 'bundled' },
      messaging: null,
      fraudDetection: null,
      sentryDsn: null,
      collectorRateLimit: { burst: 200, perSecond: 10 },
    });
  });

  it('production: a real collector, tags by environment, consent layer from the static base URL', () => {
    expect(parseAnalyticsEnv(productionIds, production)).toMatchObject({
      collectorUrl: 'https://collector.example.org',
      embeddedCollector: false,
      adPixel: { id: '123456789012345', scriptUrl: 'https://connect.facebook.net/en_US/fbevents.js' },
      tagManager: { id: 'GTM-ABCD123', scriptUrl: 'https://www.googletagmanager.com/gtm.js' },
      consentAssets: {
        kind: 'static',
        scriptUrl: 'https://static.example.org/vanilla-cookieconsent/3.1.0/cookieconsent.umd.js',
        styleUrl: 'https://static.example.org/vanilla-cookieconsent/3.1.0/cookieconsent.css',
      },
    });
  });

  it('picks the id of the running environment', () => {
    const env = parseAnalyticsEnv(
      { AD_PIXEL_ENABLED: '1', AD_PIXEL_ID_QA: '2222222222', AD_PIXEL_ID_PROD: '3333333333' },
      { ...embedded, environment: 'qa' },
    );
    expect(env.adPixel?.id).toBe('2222222222');
  });

  it('a tag that is on without an id for the environment is a configuration error (spec §8)', () => {
    expect(variablesAtFault(() => parseAnalyticsEnv({ TAG_MANAGER_ENABLED: '1' }, embedded))).toEqual([
      'TAG_MANAGER_ID_DEV',
    ]);
    expect(
      variablesAtFault(() => parseAnalyticsEnv({ ...productionIds, AD_PIXEL_ID_PROD: '' }, production)),
    ).toEqual(['AD_PIXEL_ID_PROD']);
    expect(variablesAtFault(() => parseAnalyticsEnv({}, production))).toEqual([
      'AD_PIXEL_ID_PROD',
      'TAG_MANAGER_ID_PROD',
      'ANALYTICS_COLLECTOR_URL',
    ]);
    expect(
      parseAnalyticsEnv(
        { AD_PIXEL_ENABLED: '0', TAG_MANAGER_ENABLED: '0', ANALYTICS_COLLECTOR_URL: 'https://c.example.org' },
        production,
      ),
    ).toMatchObject({ adPixel: null, tagManager: null });
  });

  it('refuses malformed ids and keys, naming the variable', () => {
    expect(variablesAtFault(() => parseAnalyticsEnv({ TAG_MANAGER_ID_DEV: 'UA-1' }, embedded))).toEqual([
      'TAG_MANAGER_ID_DEV',
    ]);
    expect(variablesAtFault(() => parseAnalyticsEnv({ AD_PIXEL_ID_DEV: 'abc' }, embedded))).toEqual([
      'AD_PIXEL_ID_DEV',
    ]);
    expect(
      variablesAtFault(() => parseAnalyticsEnv({ FRAUD_DETECTION_PUBLISHABLE_KEY: 'pk_short' }, embedded)),
    ).toEqual(['FRAUD_DETECTION_PUBLISHABLE_KEY']);
    expect(
      parseAnalyticsEnv({ FRAUD_DETECTION_PUBLISHABLE_KEY: `pk_${'a'.repeat(32)}` }, embedded).fraudDetection,
    ).toEqual({ publishableKey: `pk_${'a'.repeat(32)}` });
  });

  it('messaging is skipped without a key and uses the EU base URL by default', () => {
    expect(parseAnalyticsEnv({ MESSAGING_API_KEY: 'key-12345678' }, embedded).messaging).toEqual({
      apiKey: 'key-12345678',
      baseUrl: 'sdk.fra-02.braze.eu',
    });
  });
});

describe('the collector rate limit', () => {
  const context = {
    embedded: true,
    environment: 'dev' as const,
    siteUrl: 'http://localhost:3000',
    staticBaseUrl: 'http://localhost:3000/static',
  };

  it('defaults to a burst of 200 units refilled at 10 a second, and takes other values', () => {
    expect(parseAnalyticsEnv({}, context).collectorRateLimit).toEqual({ burst: 200, perSecond: 10 });
    expect(
      parseAnalyticsEnv({ COLLECTOR_RATE_LIMIT_BURST: '50', COLLECTOR_RATE_LIMIT_PER_SECOND: '0.5' }, context)
        .collectorRateLimit,
    ).toEqual({ burst: 50, perSecond: 0.5 });
  });

  it('refuses a burst or rate that is not a positive number', () => {
    expect(() => parseAnalyticsEnv({ COLLECTOR_RATE_LIMIT_BURST: '0' }, context)).toThrow(
      /COLLECTOR_RATE_LIMIT_BURST/,
    );
    expect(() => parseAnalyticsEnv({ COLLECTOR_RATE_LIMIT_PER_SECOND: 'fast' }, context)).toThrow(
      /COLLECTOR_RATE_LIMIT_PER_SECOND/,
    );
  });
});
