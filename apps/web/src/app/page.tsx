import Link from 'next/link';
import { getServerEnv } from '@bof/config/server';
import { subscribeHref } from '../site/navigation';

const destinations = [
  {
    href: '/case-studies/',
    title: 'Case Studies',
    text: 'Long-form studies of how fashion companies won, lost and adapted, with the numbers behind them.',
  },
  {
    href: '/series/bof-insights/',
    title: 'BoF Insights',
    text: 'Data-led briefings from our research team on where the fashion business is heading next.',
  },
  {
    href: '/careers/',
    title: 'Careers',
    text: 'Jobs at the companies shaping fashion, beauty and luxury, and advice for the people who do them.',
  },
  {
    href: '/bof500/',
    title: 'BoF 500',
    text: 'The people shaping the global fashion industry, as chosen by our editors and readers.',
  },
] as const;

export default function HomePage() {
  const { siteName } = getServerEnv();
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <section aria-labelledby="home-title" className="border-b border-rule pb-10">
        <h1 id="home-title" className="max-w-3xl font-serif text-4xl font-bold leading-tight">
          News, analysis and careers for the fashion business
        </h1>
        <p className="mt-4 max-w-measure text-lg text-muted">
          {siteName} reports on the companies, people and ideas that move fashion, beauty and luxury, for the
          professionals who work in them.
        </p>
        <p className="mt-6">
          <Link
            href={subscribeHref}
            className="rounded bg-accent px-4 py-2 font-medium text-accent-ink no-underline"
          >
            See membership options
          </Link>
        </p>
      </section>
      <section aria-labelledby="explore-title" className="py-10">
        <h2 id="explore-title" className="text-sm font-semibold uppercase tracking-wide">
          Explore
        </h2>
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {destinations.map((item) => (
            <li key={item.href} className="border-t-2 border-ink pt-3">
              <h3 className="font-serif text-xl font-semibold">
                <Link href={item.href}>{item.title}</Link>
              </h3>
              <p className="mt-2 text-sm text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
