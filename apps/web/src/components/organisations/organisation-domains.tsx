'use client';

import { useRef, useState, type FormEvent } from 'react';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import {
  ClaimOrganisationDomainMutation,
  DisableOrganisationDomainMutation,
  EnableOrganisationDomainMutation,
  OrganisationAccountDomainsQuery,
  ResendOrganisationDomainVerificationMutation,
} from '../../client/graphql/organisation-domains.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../site/dates';

export interface AccountDomain {
  domainId: string;
  domain: string;
  isDisabled: boolean;
  isVerified: boolean;
  verificationEmail: string | null;
  verificationSentAt: string | null;
  verifiedAt: string | null;
  createdAt: string;
  disabledAt: string | null;
  disablerEmail: string | null;
}

const FAILED_TEXT = 'That did not work just now. Nothing has changed: please try again.';

function statusOf(d: AccountDomain): string {
  if (d.isDisabled) {
    return `Disabled${d.disabledAt ? ` on ${formatDate(d.disabledAt)}` : ''}${d.disablerEmail ? ` by ${d.disablerEmail}` : ''}`;
  }
  if (d.isVerified) return 'Confirmed: colleagues at this domain may join';
  return d.verificationEmail
    ? `Waiting for confirmation from ${d.verificationEmail}`
    : 'Waiting for confirmation';
}

/**
 * The e-mail domains an organisation account claims: each with its status, and for owners the claim
 * form (the domain and an address at it for the confirmation e-mail), sending the confirmation again,
 * and disabling or enabling a domain. The server decides everything; this shows what it answered.
 */
export function OrganisationDomains({
  accountId,
  isOwner,
  initialDomains,
}: {
  accountId: string;
  isOwner: boolean;
  initialDomains: AccountDomain[];
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [domains, setDomains] = useState(initialDomains);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [domain, setDomain] = useState('');
  const [address, setAddress] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ domain?: string; email?: string }>({});
  const statusRef = useRef<HTMLParagraphElement>(null);

  function say(text: string, error: boolean) {
    setStatus({ text, error });
    statusRef.current?.focus();
  }

  async function reload() {
    const data = await runQuery(client, OrganisationAccountDomainsQuery, { input: { accountId } });
    const result = data.organisationAccountDomains;
    if (result.__typename !== 'OrganisationAccountDomains') throw new Error(result.message);
    setDomains(
      result.domains.map((d) => ({
        domainId: d.domainId,
        domain: d.domain,
        isDisabled: d.isDisabled,
        isVerified: d.isVerified,
        verificationEmail: d.verificationEmail ?? null,
        verificationSentAt: (d.verificationSentAt as string | null) ?? null,
        verifiedAt: (d.verifiedAt as string | null) ?? null,
        createdAt: d.createdAt as string,
        disabledAt: (d.disabledAt as string | null) ?? null,
        disablerEmail: d.disabler?.email ?? null,
      })),
    );
  }

  async function claim(event: FormEvent) {
    event.preventDefault();
    const errors: { domain?: string; email?: string } = {};
    if (!domain.trim()) errors.domain = 'Enter the e-mail domain, like example.com.';
    if (!address.trim()) errors.email = 'Enter the address at that domain to send the confirmation to.';
    setFieldErrors(errors);
    if (errors.domain || errors.email) return;
    setBusy('claim');
    try {
      const data = await runMutation(client, ClaimOrganisationDomainMutation, {
        input: { accountId, domain: domain.trim(), email: address.trim() },
      });
      const result = data.claimOrganisationAccountDomain;
      if (result.__typename === 'ZodError') {
        const next: { domain?: string; email?: string } = {};
        for (const e of result.fieldErrors) {
          const field = e.path.includes('email') ? 'email' : 'domain';
          next[field] ??= e.message;
        }
        setFieldErrors(next);
        say('The domain was not claimed: see the messages by the fields.', true);
        return;
      }
      if (result.__typename !== 'OrganisationAccountDomain') {
        say(result.message, true);
        return;
      }
      await reload();
      const claimed = domain.trim().toLowerCase().replace(/^@/, '');
      setDomain('');
      setAddress('');
      say(
        `${claimed} is claimed. We e-mailed a confirmation link to the address you gave: the claim counts once someone there confirms it.`,
        false,
      );
    } catch {
      say(FAILED_TEXT, true);
    } finally {
      setBusy(null);
    }
  }

  async function act(d: AccountDomain, action: 'resend' | 'disable' | 'enable') {
    if (
      action === 'disable' &&
      !window.confirm(`Disable ${d.domain}? Colleagues at it will no longer be offered a seat.`)
    ) {
      return;
    }
    setBusy(d.domainId);
    try {
      const input = { accountId, domainId: d.domainId };
      let message: string | null = null;
      if (action === 'resend') {
        const result = (await runMutation(client, ResendOrganisationDomainVerificationMutation, { input }))
          .resendOrganisationAccountDomainVerification;
        if (result.__typename !== 'OrganisationAccountDomain') message = result.message;
      } else if (action === 'disable') {
        const result = (await runMutation(client, DisableOrganisationDomainMutation, { input }))
          .disableOrganisationAccountDomain;
        if (result.__typename !== 'OrganisationAccountDomain') message = result.message;
      } else {
        const result = (await runMutation(client, EnableOrganisationDomainMutation, { input }))
          .enableOrganisationAccountDomain;
        if (result.__typename !== 'OrganisationAccountDomain') message = result.message;
      }
      if (message) {
        say(message, true);
        return;
      }
      await reload();
      say(
        action === 'resend'
          ? `The confirmation e-mail for ${d.domain} went out again; earlier links no longer work.`
          : action === 'disable'
            ? `${d.domain} is disabled.`
            : `${d.domain} is enabled again.`,
        false,
      );
    } catch {
      say(FAILED_TEXT, true);
    } finally {
      setBusy(null);
    }
  }

  const input = 'w-full rounded border border-muted bg-paper px-3 py-2';
  const button = 'rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60';
  const secondary = 'rounded border border-muted px-3 py-1.5 text-sm font-medium disabled:opacity-60';
  return (
    <div>
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-testid="domains-status"
        className={status?.error ? 'mt-4 font-medium text-accent' : 'mt-4 text-muted'}
      >
        {busy ? 'Working…' : (status?.text ?? '')}
      </p>

      <section aria-labelledby="domains-heading" className="mt-6">
        <h2 id="domains-heading" className="font-serif text-2xl font-bold">
          Claimed domains
        </h2>
        {domains.length === 0 ? (
          <p className="mt-3 text-muted" data-testid="domains-empty">
            No domain is claimed yet. Claim your organisation&rsquo;s e-mail domain and colleagues who sign in
            with an address at it can join the membership in one click.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-rule border-y border-rule" data-testid="domains-list">
            {domains.map((d) => (
              <li key={d.domainId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-all font-medium">{d.domain}</p>
                  <p
                    className={d.isVerified && !d.isDisabled ? 'text-sm' : 'text-sm text-muted'}
                    data-testid="domain-status"
                  >
                    {statusOf(d)}
                  </p>
                </div>
                {isOwner ? (
                  <div className="flex flex-wrap gap-2">
                    {!d.isVerified && !d.isDisabled ? (
                      <button
                        type="button"
                        className={secondary}
                        disabled={!hydrated || busy !== null}
                        onClick={() => void act(d, 'resend')}
                        aria-label={`Send the confirmation e-mail for ${d.domain} again`}
                      >
                        Send again
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className={secondary}
                      disabled={!hydrated || busy !== null}
                      onClick={() => void act(d, d.isDisabled ? 'enable' : 'disable')}
                      aria-label={`${d.isDisabled ? 'Enable' : 'Disable'} ${d.domain}`}
                    >
                      {d.isDisabled ? 'Enable' : 'Disable'}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {isOwner ? (
        <section aria-labelledby="claim-heading" className="mt-10">
          <h2 id="claim-heading" className="font-serif text-2xl font-bold">
            Claim a domain
          </h2>
          <p className="mt-2 text-sm text-muted">
            We e-mail a confirmation link to an address at the domain: the claim counts once someone there
            presses &ldquo;Confirm&rdquo;. Free e-mail providers (gmail.com, outlook.com…) cannot be claimed.
          </p>
          <form onSubmit={(event) => void claim(event)} noValidate className="mt-4 space-y-3">
            <div>
              <label htmlFor="claim-domain" className="mb-1 block text-sm font-medium">
                E-mail domain
              </label>
              <input
                id="claim-domain"
                name="domain"
                inputMode="url"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                placeholder="example.com"
                value={domain}
                onChange={(event) => setDomain(event.target.value)}
                aria-invalid={fieldErrors.domain ? true : undefined}
                aria-describedby={fieldErrors.domain ? 'claim-domain-error' : undefined}
                className={input}
              />
              {fieldErrors.domain ? (
                <p id="claim-domain-error" className="mt-1 text-sm text-accent">
                  {fieldErrors.domain}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="claim-email" className="mb-1 block text-sm font-medium">
                Send the confirmation to (an address at that domain, or the part before @)
              </label>
              <input
                id="claim-email"
                name="email"
                type="text"
                inputMode="email"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                placeholder="it@example.com"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                aria-invalid={fieldErrors.email ? true : undefined}
                aria-describedby={fieldErrors.email ? 'claim-email-error' : undefined}
                className={input}
              />
              {fieldErrors.email ? (
                <p id="claim-email-error" className="mt-1 text-sm text-accent">
                  {fieldErrors.email}
                </p>
              ) : null}
            </div>
            <button type="submit" className={button} disabled={!hydrated || busy !== null}>
              {busy === 'claim' ? 'Claiming…' : 'Claim the domain'}
            </button>
          </form>
        </section>
      ) : (
        <p className="mt-8 text-sm text-muted">Only the account&rsquo;s owners claim and disable domains.</p>
      )}
    </div>
  );
}
