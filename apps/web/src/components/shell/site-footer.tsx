import Link from 'next/link';
import type { ReactNode } from 'react';
import {
  contactPages,
  helpLinks,
  legalLinks,
  membershipLinks,
  sectionLinks,
  serviceLinks,
  type NavLink,
} from '../../site/navigation';
import { ConsentPreferencesButton } from '../consent/consent-preferences-button';

function FooterColumn({
  title,
  label = title,
  links,
  children,
}: {
  title: string;
  /** The navigation's name, where the title alone would repeat the header's (landmarks are unique). */
  label?: string;
  links: readonly NavLink[];
  children?: ReactNode;
}) {
  if (links.length === 0 && !children) return null;
  return (
    <nav aria-label={label}>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((item) => (
          <li key={item.href}>
            <Link prefetch={false} href={item.href} className="no-underline hover:underline">
              {item.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

/**
 * The footer on every page, as publishers lay theirs out: the sections, membership offers, the
 * services (newsletters, careers, events: each once it is built), help and contact, and legal.
 */
export function SiteFooter({ siteName }: { siteName: string }) {
  const sections = sectionLinks();
  return (
    <footer className="mt-16 border-t-4 border-ink bg-surface">
      <div className="mx-auto max-w-page px-gutter py-10">
        <p className="font-serif text-2xl font-bold tracking-tight">{siteName}</p>
        <div
          className={`mt-8 grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-3 ${serviceLinks.length > 0 ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}
        >
          <FooterColumn title="Sections" label="All sections" links={sections} />
          <FooterColumn title="Membership" links={membershipLinks} />
          {serviceLinks.length > 0 ? <FooterColumn title="Services" links={serviceLinks} /> : null}
          <FooterColumn title="Help" links={[...helpLinks, ...contactPages]} />
          <FooterColumn title="Legal" links={legalLinks}>
            <li>
              <ConsentPreferencesButton className="text-left underline-offset-4 hover:underline" />
            </li>
          </FooterColumn>
        </div>
      </div>
      <p className="mx-auto max-w-page px-gutter pb-8 pt-2 text-xs text-muted">
        © {new Date().getFullYear()} {siteName}. All rights reserved.
      </p>
    </footer>
  );
}
