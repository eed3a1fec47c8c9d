/**
 * Spec §5: group-style local parts, by prefix. A prefix matches the whole local part, or its start
 * followed by a separator or a digit (`info`, `info.london`, `press2`), never a longer word (`priya`).
 */
export const GROUP_STYLE_PREFIXES = [
  // The company's own name, in several spellings.
  'bof',
  'thebof',
  'businessoffashion',
  'thebusinessoffashion',
  'business-of-fashion',
  'business.of.fashion',
  'business_of_fashion',
  'admin',
  'sysadmin',
  'info',
  'team',
  'pr',
  'press',
  'marketing',
  'editorial',
  'contact',
  'frontdesk',
  'front-desk',
  'front.desk',
  'front_desk',
  'business',
  'biz',
  'finance',
  'strategy',
  'office',
  'professional',
  'share',
  'reception',
  'subs',
  'subscription',
  'subscriptions',
  'uk',
  'usa',
  'nyc',
  'london',
  'paris',
  'milan',
] as const;

/**
 * Whether the local part of `email` is a group-style one (spec §5): a shared inbox rather than a person.
 * Student sign-up refuses them; an organisation account whose plan forbids them refuses them a seat.
 */
export function isGroupStyleAddress(email: string): boolean {
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  return GROUP_STYLE_PREFIXES.some(
    (prefix) =>
      local === prefix || (local.startsWith(prefix) && /^[._+\-0-9]/.test(local.slice(prefix.length))),
  );
}
