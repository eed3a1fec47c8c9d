import type { ClientConfig } from '@bof/config/client';
import { track } from '../analytics/tracker';
import { isCategory } from './consent-categories';
import { consentConfig } from './consent-config';
import { loadConsentLayer, type CookieConsentApi } from './consent-layer';
import { setDefaultConsentMode, updateConsentMode } from './consent-mode';
import { consentStore } from './consent-store';
import { consentedTagsLoaded, loadConsentedTags } from './consented-tags';

let started: Promise<CookieConsentApi | null> | null = null;
// Categories a reader accepted before the consent layer had started (the video placeholder's button).
const acceptedEarly = new Set<'embeds' | 'nonessential'>();
let preferencesAskedEarly = false;

/** Logged, never shown: a consent layer that fails leaves every non-essential category off. */
function reportConsentError(error: unknown): void {
  console.error('The consent layer failed', error);
}

/**
 * Starts the consent layer once per page. Consent mode starts denied; the ad pixel and the tag manager
 * load only once `nonessential` is accepted; withdrawing it reloads the page so they are gone.
 */
export function startConsent(
  config: Pick<ClientConfig, 'siteUrl' | 'analytics' | 'consentBaseUrl'>,
): Promise<CookieConsentApi | null> {
  started ??= (async () => {
    try {
      setDefaultConsentMode([]);
      const layer = await loadConsentLayer(config.analytics.consentAssets);
      const apply = (categories: string[]) => {
        consentStore.set({ status: 'given', categories: categories.filter(isCategory) });
        if (categories.includes('nonessential')) loadConsentedTags(config.analytics);
      };
      await layer.run(
        consentConfig({
          secure: config.siteUrl.startsWith('https:'),
          consentBaseUrl: config.consentBaseUrl,
          callbacks: {
            onConsent: (categories) => {
              updateConsentMode(categories);
              apply(categories);
            },
            onFirstConsent: (categories) => {
              // The tags start first, so the consent event itself reaches them when it is accepted.
              updateConsentMode(categories);
              apply(categories);
              track({
                event: 'consent_changed',
                data: {
                  consentState: categories.filter(isCategory),
                  consentVariant: 'banner',
                  interactionMode: 'first_consent',
                },
              });
            },
            onChange: (categories, changed) => {
              updateConsentMode(categories);
              track({
                event: 'consent_changed',
                data: {
                  consentState: categories.filter(isCategory),
                  consentVariant: 'preferences',
                  interactionMode: 'change',
                },
              });
              if (
                changed.includes('nonessential') &&
                !categories.includes('nonessential') &&
                consentedTagsLoaded()
              ) {
                window.location.reload();
                return;
              }
              apply(categories);
            },
            onShown: (modal) =>
              track({
                event: 'consent_shown',
                data: {
                  consentVariant: modal === 'consentModal' ? 'banner' : 'preferences',
                  interactionMode: modal === 'consentModal' ? 'auto' : 'user',
                },
              }),
          },
        }),
      );
      if (acceptedEarly.size > 0) {
        acceptInLayer(layer, [...acceptedEarly]);
        acceptedEarly.clear();
      }
      if (!layer.validConsent()) consentStore.set({ status: 'pending' });
      if (preferencesAskedEarly) {
        preferencesAskedEarly = false;
        layer.showPreferences();
      }
      return layer;
    } catch (error) {
      reportConsentError(error);
      return null;
    }
  })();
  return started;
}

/**
 * Opens the preferences (the footer's "Cookie preferences" control); pressed before the consent layer
 * has started, they open as soon as it has.
 */
export async function showConsentPreferences(): Promise<void> {
  if (!started) {
    preferencesAskedEarly = true;
    return;
  }
  const layer = await started;
  layer?.showPreferences();
}

function acceptInLayer(layer: CookieConsentApi, categories: readonly string[]): void {
  const current = layer.validConsent() ? layer.getUserPreferences().acceptedCategories : ['necessary'];
  layer.acceptCategory([...new Set([...current, ...categories])]);
}

/**
 * Accepts one more category, keeping the others as they are (the video placeholder's button). Before
 * the consent layer has started the choice is kept and recorded as soon as it starts.
 */
export async function acceptConsentCategory(category: 'embeds' | 'nonessential'): Promise<void> {
  if (!started) {
    acceptedEarly.add(category);
    return;
  }
  const layer = await started;
  if (layer) acceptInLayer(layer, [category]);
}
