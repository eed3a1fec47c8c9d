import Link from 'next/link';
import { mainNavigation } from '../../site/navigation';
import { HeaderAccount } from './header-account';

/** The header on every page: wordmark, main navigation, and the reader's part (HeaderAccount). */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="border-b border-rule">
      <div className="mx-auto flex max-w-page flex-wrap items-center gap-x-4 gap-y-2 px-gutter py-3">
        <Link
          href="/"
          className="basis-full whitespace-nowrap font-serif text-xl font-bold tracking-tight no-underline sm:basis-auto sm:text-2xl"
        >
          {siteName}
        </Link>
        <nav aria-label="Main" className="ml-6 hidden lg:block">
          <ul className="flex gap-5 text-sm font-medium">
            {mainNavigation.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="no-underline hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3 whitespace-nowrap text-sm font-medium">
          <HeaderAccount />
          <details className="relative lg:hidden">
            <summary className="cursor-pointer list-none rounded border border-rule px-3 py-2 [&::-webkit-details-marker]:hidden">
              Menu
            </summary>
            <nav
              aria-label="Main"
              className="absolute right-0 z-20 mt-2 w-56 rounded border border-rule bg-paper p-2 shadow-lg"
            >
              <ul>
                {mainNavigation.map((item) => (
                  <li key={item.href}>
                    <Link href={item.href} className="block rounded px-3 py-2 no-underline hover:bg-surface">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
