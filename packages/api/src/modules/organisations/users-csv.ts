import type { AccountUserRecord } from './organisations.repo';

/**
 * A cell a spreadsheet would not run as a formula: text starting with = + - @, a tab or a carriage
 * return gets a leading apostrophe; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The users list as CSV (RFC 4180, CRLF), one row per seat, with its state: joined or invited. */
export function usersCsv(users: readonly AccountUserRecord[]): string {
  const header = ['email', 'first_name', 'last_name', 'role', 'state', 'added_at'];
  const rows = users.map((u) => [
    u.email,
    u.firstName ?? '',
    u.lastName ?? '',
    u.role,
    u.userId ? 'joined' : 'invited',
    u.createdAt.toISOString(),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
