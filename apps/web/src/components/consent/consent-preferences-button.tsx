'use client';

import { showConsentPreferences } from '../../client/consent/start-consent';

/** Opens the cookie preferences: for the footer, so a reader can change their consent at any time. */
export function ConsentPreferencesButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => void showConsentPreferences()}>
      Cookie preferences
    </button>
  );
}
