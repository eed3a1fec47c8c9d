/** Spec §1/§6: in-app messages never show on paths beginning with these. */
const SUPPRESSED_PREFIXES = ['/subscriptions', '/user'];

/** True when in-app messages may show on `pathname`. */
export function messagesAllowedOn(pathname: string): boolean {
  return !SUPPRESSED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
