import Link from 'next/link';
import { contactPages, legalLinks } from '../../site/navigation';
import { ConsentPreferencesButton } from '../consent/consent-preferences-button';

/** The footer on every page: contact pages, privacy and terms. */
export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-16 border-t border-rule bg-surface">
      <div className="mx-auto grid max-w-page gap-8 px-gutter py-10 sm:grid-cols-2">
        <nav aria-label="Contact">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">Contact us</h2>
          <ul className="space-y-2 text-sm">
            {contactPages.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">Legal</h2>
          <ul className="space-y-2 text-sm">
            {legalLinks.map((item) => (
              <li key={item.href}>
                <Link href={item.href}>{item.label}</Link>
              </li>
            ))}
            <li>
              <ConsentPreferencesButton className="underline underline-offset-4" />
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto max-w-page px-gutter pb-8 text-xs text-muted">
        © {new Date().getFullYear()} {siteName}. All rights reserved.
      </p>
    </footer>
  );
}
