import type { Currency } from '@bof/config/constants';
import { formatMoney, nextChargeOf } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { readerLocale } from '../../server/reader-locale';
import { getServerViewer } from '../../server/server-viewer';

/**
 * On the welcome page after a trial starts: "free until DATE, then PRICE a year", the price with the tax
 * of the card's billing country, as it will be charged. Nothing for readers not in a free trial.
 */
export async function WelcomeTrialNote() {
  const viewer = await getServerViewer();
  if (!viewer) return null;
  const { billing } = await runningServices();
  const membership = await billing.membershipOf(viewer.user_id);
  if (membership.status !== 'ActiveTrial') return null;
  const [subscriptions, card, { locale, country }] = await Promise.all([
    billing.subscriptionsOf(viewer.user_id),
    billing.billingInfoOf(viewer.user_id),
    readerLocale(),
  ]);
  const sub = subscriptions.find((s) => s.uuid === membership.subscriptionUuid);
  if (!sub?.trialEndsAt) return null;
  const next = nextChargeOf(sub, card?.countryCode ?? country ?? '');
  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(sub.trialEndsAt);
  return (
    <p className="mt-4 rounded border border-rule bg-surface px-3 py-2" data-testid="welcome-trial">
      Your {membership.plan?.title} membership is free until {until}, then{' '}
      {formatMoney(next.price, next.currency as Currency, locale)} a year. It renews automatically; you can
      cancel at any time before then from <a href="/user/membership/">Your membership</a>.
    </p>
  );
}
