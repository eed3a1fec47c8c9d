import { COOKIE_GROUPS, type CookieGroup } from '../../client/consent/cookie-catalogue';
import { ConsentChoices } from './consent-choices';

function Group({ group }: { group: CookieGroup }) {
  const id = `cookies-${group.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-10 space-y-3">
      <h2 id={id} className="font-sans text-2xl font-bold">
        {group.title}
      </h2>
      <p>{group.description}</p>
      {group.cookies.length > 0 ? (
        <ul className="space-y-3 font-sans text-base">
          {group.cookies.map((cookie) => (
            <li key={cookie.name} className="rounded border border-rule p-4">
              <p className="break-all font-mono text-sm font-semibold">{cookie.name}</p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-muted">Purpose</dt>
                <dd>{cookie.purpose}</dd>
                <dt className="text-muted">Set by</dt>
                <dd>{cookie.setBy}</dd>
                <dt className="text-muted">Kept for</dt>
                <dd>{cookie.lifetime}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The cookie policy, served at the consent base URL (docs/adr/0006-consent-base-url.md): every cookie by
 * consent category, and the reader's current choices with the control that changes them.
 */
export function CookiePolicy({ siteName }: { siteName: string }) {
  return (
    <article className="mx-auto max-w-measure px-gutter py-10 font-serif text-lg leading-relaxed">
      <h1 className="font-sans text-3xl font-bold">Cookies and your choices</h1>
      <p className="mt-4">
        {siteName} uses a few cookies to run the site. Advertising tags and videos from other sites are used
        only with your consent. This page lists every cookie, what it is for and how long it is kept.
      </p>
      <ConsentChoices />
      {COOKIE_GROUPS.map((group) => (
        <Group key={group.title} group={group} />
      ))}
    </article>
  );
}
