import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import type { startConsent as StartConsent } from './start-consent';

// The consent layer, the tags and the tracker stand in with fakes that log what the page asks of them.
const log = vi.hoisted(() => [] as string[]);
const layer = vi.hoisted(() => ({
  config: null as CookieConsentConfig | null,
  valid: false,
  accepted: ['necessary'] as string[],
}));
vi.mock('./consent-layer', () => ({
  loadConsentLayer: async () => ({
    run: async (config: CookieConsentConfig) => {
      layer.config = config;
      log.push('run');
    },
    validConsent: () => layer.valid,
    getUserPreferences: () => ({ acceptedCategories: layer.accepted }),
    acceptCategory: (categories: string[]) => log.push(`accept ${categories.join(',')}`),
    showPreferences: () => log.push('preferences'),
  }),
}));
vi.mock('./consented-tags', () => ({
  // Like the real one, loading twice does nothing.
  loadConsentedTags: () => log.includes('tags loaded') || log.push('tags loaded'),
  consentedTagsLoaded: () => log.includes('tags loaded'),
}));
vi.mock('../analytics/tracker', () => ({
  track: (event: { event: string; data: { interactionMode?: string } }) =>
    log.push(`track ${event.event} ${event.data.interactionMode ?? ''}`.trim()),
}));

const config = {
  siteUrl: 'https://www.example.org',
  consentBaseUrl: 'https://www.example.org/consent',
  analytics: { consentAssets: { kind: 'bundled' }, adPixel: null, tagManager: null },
} as unknown as Parameters<typeof StartConsent>[0];

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.resetModules();
  log.length = 0;
  layer.config = null;
  layer.valid = false;
  reload = vi.fn();
  vi.stubGlobal('window', { location: { reload } });
});
afterEach(() => vi.unstubAllGlobals());

const callbacks = () => {
  const config = layer.config!;
  const cookie = (categories: string[]) =>
    ({ cookie: { categories } }) as { cookie: { categories: string[] } };
  return {
    firstConsent: (categories: string[]) => {
      config.onFirstConsent?.(cookie(categories) as never);
      config.onConsent?.(cookie(categories) as never);
    },
    change: (categories: string[], changed: string[]) =>
      config.onChange?.({ ...cookie(categories), changedCategories: changed } as never),
  };
};

describe('startConsent', () => {
  it('starts consent mode denied, and the tags only once non-essential is accepted', async () => {
    const { startConsent } = await import('./start-consent');
    await startConsent(config);
    expect(window.dataLayer?.[0]).toMatchObject({ 0: 'consent', 1: 'default', 2: { ad_storage: 'denied' } });
    callbacks().firstConsent(['necessary', 'embeds']);
    expect(log).not.toContain('tags loaded');
    callbacks().change(['necessary', 'embeds', 'nonessential'], ['nonessential']);
    expect(log).toContain('tags loaded');
  });

  it('loads the tags before the consent event, so the event reaches them', async () => {
    const { startConsent } = await import('./start-consent');
    await startConsent(config);
    callbacks().firstConsent(['necessary', 'nonessential']);
    expect(log.slice(log.indexOf('run') + 1)).toEqual(['tags loaded', 'track consent_changed first_consent']);
  });

  it('reloads the page when non-essential consent is withdrawn after the tags loaded', async () => {
    const { startConsent } = await import('./start-consent');
    await startConsent(config);
    callbacks().firstConsent(['necessary', 'nonessential']);
    callbacks().change(['necessary'], ['nonessential']);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('records a video placeholder’s embeds consent given before the layer started, once it starts', async () => {
    const { acceptConsentCategory, startConsent } = await import('./start-consent');
    await acceptConsentCategory('embeds');
    expect(log).toEqual([]);
    await startConsent(config);
    expect(log).toEqual(['run', 'accept necessary,embeds']);
    // Once started, a request is passed on at once, keeping what was accepted.
    layer.valid = true;
    layer.accepted = ['necessary', 'embeds'];
    await acceptConsentCategory('nonessential');
    expect(log.at(-1)).toBe('accept necessary,embeds,nonessential');
  });

  it('opens the preferences asked for before the layer started, once it starts', async () => {
    const { showConsentPreferences, startConsent } = await import('./start-consent');
    await showConsentPreferences();
    expect(log).toEqual([]);
    await startConsent(config);
    expect(log).toEqual(['run', 'preferences']);
  });
});
