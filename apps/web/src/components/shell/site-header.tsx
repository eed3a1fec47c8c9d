import Link from 'next/link';
import { sectionLinks } from '../../site/navigation';
import { isBuilt, PRODUCT_AREAS } from '../../site/product-areas';
import { HeaderSearch } from '../search/header-search';
import { HeaderAccount } from './header-account';
import { SiteMenu } from './site-menu';

/**
 * The header on every page: the wordmark, the reader's subscribe and account area, and the sections
 * (a row under the wordmark on wide screens, the Menu panel on phones and tablets), and the search box
 * (`/` focuses it).
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const sections = sectionLinks();
  return (
    <header className="relative border-b border-rule">
      <div className="mx-auto flex max-w-page flex-wrap items-center gap-x-4 gap-y-2 px-gutter py-3">
        <Link
          href="/"
          className="order-1 basis-full whitespace-nowrap font-serif text-xl font-bold tracking-tight no-underline sm:order-2 sm:basis-auto sm:text-2xl lg:text-3xl"
        >
          {siteName}
        </Link>
        <div className="order-2 sm:order-1">
          <SiteMenu links={sections} />
        </div>
        {isBuilt('search') ? (
          <div className="order-3">
            <HeaderSearch path={PRODUCT_AREAS.search.path} />
          </div>
        ) : null}
        {/* One height whatever the reader's state (the placeholder, Subscribe and Sign in, the account
            button), and on phones a row of its own, so nothing moves when the state arrives. */}
        <div className="order-4 ml-auto flex h-11 basis-full items-center justify-end gap-3 whitespace-nowrap text-sm font-medium sm:basis-auto">
          <HeaderAccount />
        </div>
      </div>
      <nav aria-label="Sections" className="hidden border-t border-rule lg:block">
        <ul className="mx-auto flex max-w-page flex-wrap gap-x-6 gap-y-1 px-gutter py-2.5 text-sm font-medium">
          {sections.map((link) => (
            <li key={link.href}>
              <Link prefetch={false} href={link.href} className="no-underline hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
