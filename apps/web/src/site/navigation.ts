/** The main navigation of the header (issue: foundation) and the footer's links. */
export const mainNavigation = [
  { href: '/', label: 'News' },
  { href: '/careers/', label: 'Careers' },
  { href: '/bof500/', label: 'BoF 500' },
  { href: '/case-studies/', label: 'Case Studies' },
  { href: '/professional/', label: 'Professional' },
] as const;

export const contactPages = [
  { href: '/contact/professional/', label: 'Professional enquiries' },
  { href: '/contact/student/', label: 'Student enquiries' },
  { href: '/contact/insights/', label: 'BoF Insights' },
  { href: '/contact/media/', label: 'Media and press' },
] as const;

export const legalLinks = [
  { href: '/legal/#privacy', label: 'Privacy policy' },
  { href: '/legal/#terms', label: 'Terms and conditions' },
] as const;

export const subscribeHref = '/subscriptions/packages/';
export const signInHref = '/user/login/';
