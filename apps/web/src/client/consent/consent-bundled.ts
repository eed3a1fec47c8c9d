// The consent layer bundled with the app (embedded mode), loaded as its own chunk with its style.
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import * as CookieConsent from 'vanilla-cookieconsent';

export const consentLayer = CookieConsent;
