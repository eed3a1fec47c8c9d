import type { IdentityAdmin } from '../email-change/identity-admin';
import type { Mailer, MailMessage } from '../email-change/email-change-mail';
import {
  NewsletterConfirmationInvalidError,
  NewsletterNotFoundError,
  NewsletterSignUpRateLimitedError,
  NewsletterSignUpUnavailableError,
} from './newsletters.errors';
import type { SubscribeEmailInput } from './newsletters.inputs';
import type { NewslettersRepo } from './newsletters.repo';
import type { SignUpRepo } from './newsletter-signup.repo';
import { signSignUpToken, verifySignUpToken } from './signup-token';

/**
 * A confirmation link is valid 48 hours; an address gets at most one confirmation e-mail per 10 minutes,
 * one client address (IP) at most 10 per hour, and everyone together at most 500 per hour (like the
 * contact desk's per-address and per-sender limits), so the form cannot be used to mail strangers in bulk.
 */
export const SIGN_UP_LIMITS = {
  linkLifetimeHours: 48,
  resendAfterMinutes: 10,
  perClientPerHour: 10,
  overallPerHour: 500,
} as const;

export interface SignUpDeps {
  repo: SignUpRepo;
  newsletters: Pick<NewslettersRepo, 'existing' | 'all' | 'setStatuses' | 'statusesOf'>;
  /** Null when no identity admin API is reachable: confirmations then fail with a clear error. */
  identityAdmin: Pick<
    IdentityAdmin,
    'findIdentityIdByEmail' | 'findIdentityIdByVerifiableAddress' | 'createIdentity'
  > | null;
  courier: Mailer;
  secret: string;
  siteUrl: string;
  siteName: string;
  /** Where a confirmed reader sets a password: the identity server's recovery flow. */
  recoveryLink: string;
  now?: () => Date;
  /** The hourly caps (tests lower them); SIGN_UP_LIMITS by default. */
  hourlyLimits?: { perClient: number; overall: number };
}

export interface SignUpConfirmed {
  newsletterIds: string[];
  /** The newsletters this confirmation subscribed (empty for a replayed link). */
  newlySubscribed: string[];
  recoveryLink: string;
  alreadyConfirmed: boolean;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Anonymous newsletter sign-ups with double opt-in: a request sends nothing but a signed confirmation
 * link; confirming subscribes the address (making its account when it has none) and answers where the
 * reader sets a password. No answer says whether the address has an account.
 */
export function createNewsletterSignUp(deps: SignUpDeps) {
  const now = deps.now ?? (() => new Date());

  function confirmationMessage(email: string, titles: string[], token: string): MailMessage {
    const url = `${deps.siteUrl}/newsletters/confirm/?token=${encodeURIComponent(token)}`;
    const intro = `Please confirm that you want ${deps.siteName} newsletters at this address:`;
    const closing = `The link is valid for ${SIGN_UP_LIMITS.linkLifetimeHours} hours. If you did not ask for these newsletters, ignore this e-mail: nothing is sent without your confirmation.`;
    return {
      to: email,
      subject: `Confirm your ${deps.siteName} newsletters`,
      templateType: 'newsletter_signup_confirmation',
      text: [intro, '', ...titles.map((t) => `- ${t}`), '', `Confirm: ${url}`, '', closing, ''].join('\n'),
      html:
        '<!doctype html><html><body style="margin:0;padding:16px;font-family:Georgia,serif;max-width:600px">' +
        `<p>${escapeHtml(intro)}</p><ul>${titles.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` +
        `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none">Confirm my newsletters</a></p>` +
        `<p style="font-size:12px">${escapeHtml(closing)}</p></body></html>`,
    };
  }

  async function identityFor(email: string, at: Date): Promise<string> {
    const admin = deps.identityAdmin;
    if (!admin) throw new NewsletterSignUpUnavailableError();
    const existing = await admin.findIdentityIdByEmail(email);
    if (existing) return existing;
    // Following the e-mailed link proved the address is the reader's: it is made verified.
    const created = await admin.createIdentity(email, { verified: true, verifiedAt: at });
    // Null (409): a confirmation at the same moment made it first, or an identity without a credential
    // using the address as identifier (passwordless, social) holds it as a verifiable address.
    const id =
      created ??
      (await admin.findIdentityIdByEmail(email)) ??
      (await admin.findIdentityIdByVerifiableAddress(email));
    if (!id) throw new NewsletterSignUpUnavailableError();
    return id;
  }

  return {
    /**
     * Sends the address a confirmation link for these newsletters, unless one went in the last 10
     * minutes. Unknown ids refuse the request. The answer is the same whether or not anything was sent
     * and whether or not the address has an account.
     * @throws NewsletterSignUpRateLimitedError when the client address (`clientIp`, when known) or
     *   everyone together has had the hour's confirmation e-mails.
     */
    async request(input: SubscribeEmailInput, clientIp: string | null = null): Promise<{ email: string }> {
      const known = await deps.newsletters.existing(input.newsletterIds);
      const unknown = input.newsletterIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new NewsletterNotFoundError(unknown);
      const at = now();
      const resendAfter = new Date(at.getTime() - SIGN_UP_LIMITS.resendAfterMinutes * 60_000);
      if (!(await deps.repo.takeSendSlot(input.email, input.newsletterIds, at, resendAfter)))
        return { email: input.email };
      const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
      const limits = deps.hourlyLimits ?? {
        perClient: SIGN_UP_LIMITS.perClientPerHour,
        overall: SIGN_UP_LIMITS.overallPerHour,
      };
      const caps = [
        ...(clientIp ? [{ key: `ip:${clientIp}`, limit: limits.perClient }] : []),
        { key: 'all', limit: limits.overall },
      ];
      if (!(await deps.repo.takeHourlySlots(caps, hour))) {
        await deps.repo.releaseSendSlot(input.email, at);
        throw new NewsletterSignUpRateLimitedError();
      }
      const titles = (await deps.newsletters.all())
        .filter((n) => input.newsletterIds.includes(n.newsletterId))
        .map((n) => n.title);
      const token = signSignUpToken(deps.secret, {
        email: input.email,
        newsletterIds: [...input.newsletterIds],
        issuedAt: at,
      });
      try {
        await deps.courier.send(confirmationMessage(input.email, titles, token));
      } catch (error) {
        await deps.repo.releaseSendSlot(input.email, at);
        throw error;
      }
      return { email: input.email };
    },

    /**
     * Confirms a sign-up from its link: subscribes the address, making its account when it has none.
     * A replayed link is a no-op that answers the same; a forged, altered, expired or replaced link is
     * refused and changes nothing.
     */
    async confirm(token: string): Promise<SignUpConfirmed> {
      const claim = verifySignUpToken(deps.secret, token);
      if (!claim) throw new NewsletterConfirmationInvalidError('invalid');
      const nonce = String(claim.issuedAt.getTime());
      const request = await deps.repo.find(claim.email);
      if (!request) throw new NewsletterConfirmationInvalidError('invalid');
      const answer = (newlySubscribed: string[], alreadyConfirmed: boolean): SignUpConfirmed => ({
        newsletterIds: claim.newsletterIds,
        newlySubscribed,
        recoveryLink: deps.recoveryLink,
        alreadyConfirmed,
      });
      if (request.confirmedNonce === nonce) return answer([], true);
      const at = now();
      if (at.getTime() - claim.issuedAt.getTime() > SIGN_UP_LIMITS.linkLifetimeHours * 3_600_000)
        throw new NewsletterConfirmationInvalidError('expired');
      if (request.lastSentAt?.getTime() !== claim.issuedAt.getTime())
        throw new NewsletterConfirmationInvalidError(
          request.lastSentAt && request.lastSentAt > claim.issuedAt ? 'superseded' : 'invalid',
        );
      const known = await deps.newsletters.existing(claim.newsletterIds);
      const ids = claim.newsletterIds.filter((id) => known.has(id));
      const userId = await identityFor(claim.email, at);
      const before = await deps.newsletters.statusesOf(userId);
      await deps.newsletters.setStatuses(
        userId,
        claim.email,
        ids.map((newsletterId) => ({ newsletterId, status: 'subscribed' as const })),
      );
      await deps.repo.markConfirmed(claim.email, nonce, at);
      return answer(
        ids.filter((id) => before.get(id) !== 'subscribed'),
        false,
      );
    },
  };
}

export type NewsletterSignUp = ReturnType<typeof createNewsletterSignUp>;
