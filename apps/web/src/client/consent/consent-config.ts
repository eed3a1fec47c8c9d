import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import { CONSENT_COOKIE } from '@bof/config/constants';
import { NONESSENTIAL_COOKIE_PATTERNS } from './cookie-catalogue';

export interface ConsentCallbacks {
  /** On every page load with a stored consent, and on the first consent. */
  onConsent(categories: string[]): void;
  onFirstConsent(categories: string[]): void;
  onChange(categories: string[], changed: string[]): void;
  onShown(modal: 'consentModal' | 'preferencesModal'): void;
}

/** How long a consent choice is kept before the banner asks again. */
const CONSENT_DAYS = 182;

/** Where the cookie policy lives: the consent base URL (docs/adr/0006-consent-base-url.md). */
export const cookiePolicyUrl = (consentBaseUrl: string) => `${consentBaseUrl.replace(/\/+$/, '')}/`;

/**
 * The consent layer's configuration: the `bof_cc` cookie, the categories necessary (always on),
 * nonessential and embeds, the banner and preferences texts linking to the cookie policy, and the
 * advertising cookies cleared from this site when non-essential consent is withdrawn.
 */
export function consentConfig(input: {
  secure: boolean;
  consentBaseUrl: string;
  callbacks: ConsentCallbacks;
}): CookieConsentConfig {
  const { callbacks } = input;
  const policy = cookiePolicyUrl(input.consentBaseUrl);
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
      nonessential: {
        autoClear: { cookies: NONESSENTIAL_COOKIE_PATTERNS.map((name) => ({ name })), reloadPage: false },
      },
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
              `measurement tags, and show videos from other sites. <a href="${policy}">Cookie policy</a> · ` +
              '<a href="/legal/#privacy">Privacy policy</a>',
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
                  'Choose what we may use. You can change this at any time from the cookie preferences link. ' +
                  `Every cookie is listed in our <a href="${policy}">cookie policy</a>.`,
              },
              {
                title: 'Necessary',
                description: 'Sign-in, security, your reading allowance and this choice. Always on.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Advertising and measurement',
                description:
                  'Our advertising pixel and tag manager, which measure our campaigns, and the cookies that ' +
                  'tell visits apart in our own measurement (without them it counts anonymously). ' +
                  'Withdrawing this removes their cookies from this site.',
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
