/**
 * Spec §5: group-style e-mail addresses are recognised by their local part (shared inboxes rather than
 * a person). An organisation account whose plan forbids them refuses them a seat.
 */
const GROUP_LOCAL_PARTS = [
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
];

/** The spellings of the company name a shared inbox uses. */
const COMPANY_LOCAL_PARTS = ['bof', 'businessoffashion', 'business-of-fashion', 'business.of.fashion'];

export function isGroupStyleAddress(email: string): boolean {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  const stem = local.split('+')[0] ?? '';
  return GROUP_LOCAL_PARTS.includes(stem) || COMPANY_LOCAL_PARTS.includes(stem);
}

/**
 * Free-mail providers: anyone can hold an address there, so their domains can never be claimed by an
 * organisation account.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'qq.com',
  '163.com',
  'zoho.com',
  'fastmail.com',
]);
