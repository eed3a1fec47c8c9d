import { getServerEnv } from '@bof/config/server';
import { formatDate } from '../../site/dates';

const updated = new Date('2026-11-01T00:00:00Z');

export default function LegalPage() {
  const { siteName } = getServerEnv();
  const date = formatDate(updated);
  return (
    <article className="mx-auto max-w-measure px-gutter py-10 font-serif text-lg leading-relaxed">
      <h1 className="font-sans text-3xl font-bold">Legal</h1>
      <p className="mt-2 font-sans text-sm text-muted">Last updated {date}</p>
      <nav aria-label="On this page" className="mt-6 font-sans text-base">
        <ul className="flex gap-6">
          <li>
            <a href="#privacy">Privacy policy</a>
          </li>
          <li>
            <a href="#terms">Terms and conditions</a>
          </li>
        </ul>
      </nav>

      <section id="privacy" aria-labelledby="privacy-title" className="mt-10 scroll-mt-6 space-y-4">
        <h2 id="privacy-title" className="font-sans text-2xl font-bold">
          Privacy policy
        </h2>
        <p>
          This policy explains what personal data {siteName} collects when you read, register, subscribe or
          otherwise use the site, why we collect it, and the choices you have.
        </p>
        <h3 className="font-sans text-lg font-semibold">What we collect</h3>
        <ul className="list-disc space-y-2 pl-6">
          <li>Account data you give us: your e-mail address, name, and the professional details you add.</li>
          <li>
            Membership and billing data: your plan, its status and renewal dates. Card details are held by our
            payment provider; we see only the card type, expiry and the last four digits.
          </li>
          <li>
            Reading data: the articles you open, for the free-article allowance, recommendations and, with
            your consent, analytics.
          </li>
          <li>
            Technical data: your device, browser and the address you connect from, to keep accounts secure.
          </li>
        </ul>
        <h3 className="font-sans text-lg font-semibold">Cookies and consent</h3>
        <p>
          Cookies that are strictly necessary keep you signed in and remember your consent choices. Analytics,
          advertising measurement and embedded media are used only with your consent, which you can change at
          any time from the cookie settings.
        </p>
        <h3 className="font-sans text-lg font-semibold">Your rights</h3>
        <p>
          You may ask for a copy of your data, have it corrected or deleted, object to its use for marketing,
          and withdraw consent. You can update your details and newsletter choices from your account at any
          time. We keep account data for as long as your account exists and billing records for as long as the
          law requires.
        </p>
      </section>

      <section id="terms" aria-labelledby="terms-title" className="mt-12 scroll-mt-6 space-y-4">
        <h2 id="terms-title" className="font-sans text-2xl font-bold">
          Terms and conditions
        </h2>
        <p>
          These terms govern your use of {siteName}. By registering or subscribing you agree to them; if you
          do not agree, please do not use the site.
        </p>
        <h3 className="font-sans text-lg font-semibold">Accounts</h3>
        <p>
          You are responsible for keeping your sign-in details private. An individual or student membership is
          for one person; organisation memberships are for the people to whom the organisation assigns a seat.
        </p>
        <h3 className="font-sans text-lg font-semibold">Memberships and billing</h3>
        <p>
          Memberships renew automatically at the end of each term until cancelled. A trial becomes a paid
          membership when it ends unless you cancel before then. When you cancel, you keep access until the
          end of the period you have paid for.
        </p>
        <h3 className="font-sans text-lg font-semibold">Our content</h3>
        <p>
          Articles, reports and data on the site are ours or our licensors’. You may read them and share
          links, and gift stories as the site allows, but you may not copy, republish or resell them, or
          collect them by automated means.
        </p>
        <h3 className="font-sans text-lg font-semibold">Liability</h3>
        <p>
          We take care to report accurately, but our content is not investment, legal or financial advice.
          Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </section>
    </article>
  );
}
