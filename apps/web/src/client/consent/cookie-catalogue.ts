import { CONSENT_COOKIE, METER_COOKIE, PAYWALL_SESSION_COOKIE, SESSION_COOKIE } from '@bof/config/constants';
import type { ConsentCategory } from './consent-categories';

/** A cookie the site sets or lets a third party set, as the cookie policy lists it. */
export interface CatalogueCookie {
  /** The cookie's name, or its pattern written for people (`_ga_*`). */
  name: string;
  /** The same as a pattern the consent layer can clear (nonessential cookies only). */
  pattern?: RegExp;
  setBy: string;
  purpose: string;
  lifetime: string;
}

export interface CookieGroup {
  /** The consent category it belongs to; null for the site's own measurement, which has none. */
  category: ConsentCategory | null;
  title: string;
  description: string;
  cookies: readonly CatalogueCookie[];
}

/**
 * Every cookie of the site by consent category: the cookie policy page lists them, and the consent layer
 * clears the non-essential ones on this site's domain when that consent is withdrawn.
 */
export const COOKIE_GROUPS: readonly CookieGroup[] = [
  {
    category: 'necessary',
    title: 'Necessary',
    description:
      'They run the site: signing in, security, your reading allowance and this choice. Always on.',
    cookies: [
      {
        name: SESSION_COOKIE,
        setBy: 'This site',
        purpose: 'Keeps you signed in.',
        lifetime: '15 minutes, renewed while you read',
      },
      {
        name: PAYWALL_SESSION_COOKIE,
        setBy: 'This site',
        purpose: 'Your membership’s access to stories.',
        lifetime: '15 minutes, renewed while you read',
      },
      {
        name: METER_COOKIE,
        setBy: 'This site',
        purpose: 'Counts the free stories you have read before signing in.',
        lifetime: 'The allowance’s window (30 days)',
      },
      {
        name: 'bof_login_policy',
        setBy: 'This site',
        purpose: 'Asks you to sign out elsewhere when too many devices are signed in.',
        lifetime: '15 minutes',
      },
      {
        name: 'ory_kratos_session',
        setBy: 'This site (sign-in service)',
        purpose: 'Your sign-in.',
        lifetime: '24 hours',
      },
      {
        name: 'csrf_token_*',
        setBy: 'This site (sign-in service)',
        purpose: 'Protects the sign-in forms against forgery.',
        lifetime: '1 year',
      },
      {
        name: CONSENT_COOKIE,
        setBy: 'This site',
        purpose: 'Remembers your cookie choices.',
        lifetime: '6 months',
      },
      {
        name: '__cuid',
        setBy: 'This site (fraud detection, when on)',
        purpose: 'Recognises the device to stop account takeover and bots.',
        lifetime: '400 days',
      },
    ],
  },
  {
    category: 'nonessential',
    title: 'Our own measurement',
    description:
      'Page views and reading events go to our own collector and are never shared with advertisers. Without your consent they are counted anonymously, with no cookie and nothing stored in your browser; with it, these cookies tell visits apart. Withdrawing it removes them.',
    cookies: [
      {
        name: '_sp_id.*',
        pattern: /^_sp_id\./,
        setBy: 'This site',
        purpose: 'Tells visits apart, so we know how many people read a story.',
        lifetime: '2 years',
      },
      {
        name: '_sp_ses.*',
        pattern: /^_sp_ses\./,
        setBy: 'This site',
        purpose: 'Marks a visit; a new one starts after 30 minutes away.',
        lifetime: '30 minutes',
      },
    ],
  },
  {
    category: null,
    title: 'Messages from us',
    description:
      'When in-app messages are on, their service keeps a few entries in your browser so each message shows once, and never on account or membership pages.',
    cookies: [
      {
        name: 'ab.storage.*',
        setBy: 'In-app messaging service (when on)',
        purpose: 'Which messages you have seen, and your visit to the messaging service.',
        lifetime: 'Kept until you clear your browser data',
      },
    ],
  },
  {
    category: 'nonessential',
    title: 'Advertising and measurement',
    description:
      'Our advertising pixel and tag manager, which measure our campaigns. Loaded only with your consent; withdrawing it removes their cookies from this site.',
    cookies: [
      {
        name: '_fbp',
        pattern: /^_fbp$/,
        setBy: 'Advertising pixel',
        purpose: 'Measures visits that come from our advertising.',
        lifetime: '90 days',
      },
      {
        name: '_fbc',
        pattern: /^_fbc$/,
        setBy: 'Advertising pixel',
        purpose: 'Remembers the advertisement you arrived from.',
        lifetime: '90 days',
      },
      {
        name: '_ga',
        pattern: /^_ga$/,
        setBy: 'Tag manager',
        purpose: 'Counts visitors for our campaign reports.',
        lifetime: '2 years',
      },
      {
        name: '_ga_*',
        pattern: /^_ga_/,
        setBy: 'Tag manager',
        purpose: 'Keeps the campaign reports’ sessions.',
        lifetime: '2 years',
      },
      {
        name: '_gid',
        pattern: /^_gid$/,
        setBy: 'Tag manager',
        purpose: 'Counts visitors day by day.',
        lifetime: '24 hours',
      },
      {
        name: '_gcl_*',
        pattern: /^_gcl_/,
        setBy: 'Tag manager',
        purpose: 'Links a subscription to the campaign that led to it.',
        lifetime: '90 days',
      },
    ],
  },
  {
    category: 'embeds',
    title: 'Embedded videos',
    description:
      'Videos from other sites load only with your consent, or when you ask for one. Those sites set their own cookies on their own domains, under their policies.',
    cookies: [],
  },
];

/** The cookies the consent layer clears when non-essential consent is withdrawn. */
export const NONESSENTIAL_COOKIE_PATTERNS: readonly RegExp[] = COOKIE_GROUPS.filter(
  (group) => group.category === 'nonessential',
).flatMap((group) => group.cookies.flatMap((cookie) => (cookie.pattern ? [cookie.pattern] : [])));
