/** Spec §3: the consent categories stored in the `bof_cc` cookie. `necessary` is always on. */
export const CONSENT_CATEGORIES = ['necessary', 'nonessential', 'embeds'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export type ConsentModeValue = 'granted' | 'denied';

/** Google consent mode's storage states (spec §3's granular states), kept in step with the categories. */
export interface ConsentModeState {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
  functionality_storage: ConsentModeValue;
  personalization_storage: ConsentModeValue;
  security_storage: ConsentModeValue;
}

/** The reader's consent as the page knows it: unknown until the consent layer has read its cookie. */
export type ConsentState =
  { status: 'unknown' } | { status: 'pending' } | { status: 'given'; categories: readonly ConsentCategory[] };

export const isCategory = (value: string): value is ConsentCategory =>
  (CONSENT_CATEGORIES as readonly string[]).includes(value);

/**
 * The consent-mode states for a set of accepted categories. Security and functionality storage are part
 * of the necessary category; advertising, analytics and personalisation storage follow `nonessential`.
 */
export function consentModeFor(accepted: readonly string[]): ConsentModeState {
  const nonessential: ConsentModeValue = accepted.includes('nonessential') ? 'granted' : 'denied';
  return {
    ad_storage: nonessential,
    ad_user_data: nonessential,
    ad_personalization: nonessential,
    analytics_storage: nonessential,
    functionality_storage: 'granted',
    personalization_storage: nonessential,
    security_storage: 'granted',
  };
}
