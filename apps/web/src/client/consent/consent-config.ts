import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import { CONSENT_COOKIE } from '@bof/config/constants';

export interface ConsentCallbacks {
  /** On every page load with a stored consent, and on the first consent. */
  onConsent(categories: string[]): void;
  onFirstConsent(categories: string[]): void;
  onChange(categories: string[], changed: string[]): void;
  onShown(modal: 'consentModal' | 'preferencesModal'): void;
}

/** How long a consent choice is kept before the banner asks again. */
const CONSENT_DAYS = 182;

/**
 * The consent layer's configuration: the `bof_cc` cookie, the categories necessary (always on),
 * nonessential and embeds, and the banner and preferences texts.
 */
export function consentConfig(input: { secure: boolean; callbacks: ConsentCallbacks }): CookieConsentConfig {
  const { callbacks } = input;
  return {
    mode: 'opt-in',
    autoShow: true,
    // Shown to automated browsers too: the browser journeys test the real banner.
    hideFromBots: false,
    revision: 0,
    cookie: { name: CONSENT_COOKIE, sameSite: 'Lax', secure: input.secure, expiresAfterDays: CONSENT_DAYS },
    guiOptions: {
      consentModal: {
        layout: 'box wide',
        position: 'bottom left',
        equalWeightButtons: true,
        flipButtons: false,
      },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      nonessential: {},
      embeds: {},
    },
    onConsent: ({ cookie }) => callbacks.onConsent(cookie.categories),
    onFirstConsent: ({ cookie }) => callbacks.onFirstConsent(cookie.categories),
    onChange: ({ cookie, changedCategories }) => callbacks.onChange(cookie.categories, changedCategories),
    onModalShow: ({ modalName }) => callbacks.onShown(modalName),
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: 'Your privacy',
            description:
              'We use necessary cookies to run this site. With your permission we also use advertising and ' +
              'measurement tags, and show videos from other sites. <a href="/legal/#privacy">Privacy policy</a>',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            showPreferencesBtn: 'Choose',
          },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            savePreferencesBtn: 'Save my choices',
            closeIconLabel: 'Close',
            sections: [
              {
                description:
                  'Choose what we may use. You can change this at any time from the cookie preferences link.',
              },
              {
                title: 'Necessary',
                description: 'Sign-in, security, your reading allowance and this choice. Always on.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Advertising and measurement',
                description: 'Our advertising pixel and tag manager, which measure our campaigns.',
                linkedCategory: 'nonessential',
              },
              {
                title: 'Embedded videos',
                description: 'Videos from other sites, which may set their own cookies.',
                linkedCategory: 'embeds',
              },
            ],
          },
        },
      },
    },
  };
}
