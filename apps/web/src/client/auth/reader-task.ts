/**
 * Pages where a reader is in the middle of something they came for: a story (its wall may have sent them
 * to sign up) or a membership checkout (a plan they chose). A sign-in that returns here leaves them here:
 * the one-more-step questions wait (a prompt beside the story, none on a checkout), and completing them
 * comes back here rather than by the welcome page.
 */
export function isReaderTaskPath(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'articles') return parts.length === 3;
  if (parts[0] === 'case-studies') return parts.length === 2;
  return isCheckoutPath(pathname);
}

/** A checkout (the payment and upgrade pages, the bank's check): nothing may cover its form. */
export function isCheckoutPath(pathname: string): boolean {
  return pathname.startsWith('/subscriptions/') || pathname.startsWith('/billing-simulator/');
}
