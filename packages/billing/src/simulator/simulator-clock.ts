import {
  DAY_MS,
  addYears,
  periodCharge,
  touch,
  writeInvoice,
  type SimAccount,
  type SimToken,
  type SimWebhook,
  type StoredSubscription,
  type notifier,
} from './simulator-records';
import type { SimulatorStore } from './simulator-store';

/** How long a failed renewal is retried before the subscription expires. */
export const DUNNING_DAYS = 14;

/**
 * Runs what falls due on one subscription by `now`, period by period: a trial's end or a renewal bills
 * the next year (the account's card, taxed by its billing country, less a coupon, used up by it); a declined card
 * puts it into dunning, which expires it after DUNNING_DAYS; a cancelled one expires at its period end.
 * Returns the notifications raised.
 */
export async function runDue(
  store: SimulatorStore,
  sub: StoredSubscription,
  now: Date,
  notify: ReturnType<typeof notifier>,
): Promise<SimWebhook[]> {
  const sent: SimWebhook[] = [];
  const event = (at: Date, object_type: SimWebhook['object_type'], event_type: SimWebhook['event_type']) =>
    notify(store, at, { object_type, event_type, uuid: sub.uuid, account_code: sub.accountCode });
  // A subscription may fall due several times over a long jump; each period in turn.
  for (let guard = 0; guard < 100; guard++) {
    const periodEnd = new Date(sub.currentPeriodEndsAt);
    if (sub.state === 'CANCELED' && periodEnd <= now) {
      sub.state = 'EXPIRED';
      touch(sub, periodEnd);
      sent.push(await event(periodEnd, 'subscription', 'expired'));
      break;
    }
    if (sub.state === 'ACTIVE' && sub.isInDunning && sub.dunningStartedAt) {
      const lapses = new Date(new Date(sub.dunningStartedAt).getTime() + DUNNING_DAYS * DAY_MS);
      if (lapses <= now) {
        sub.state = 'EXPIRED';
        sub.expiresAt = lapses.toISOString();
        touch(sub, lapses);
        sent.push(await event(lapses, 'subscription', 'expired'));
      }
      break;
    }
    if (sub.state !== 'ACTIVE' || periodEnd > now) break;
    const account = await store.get<SimAccount>('account', sub.accountCode);
    const token = account ? await store.get<SimToken>('token', account.tokenId) : null;
    const { net, tax } = periodCharge(sub, account);
    if (token?.behaviour === 'declined') {
      const failed = await writeInvoice(store, periodEnd, sub, net, tax, 'failed');
      sub.isInDunning = true;
      sub.dunningStartedAt = periodEnd.toISOString();
      sub.activeInvoiceId = failed.id;
      touch(sub, periodEnd);
      sent.push(await event(periodEnd, 'payment', 'failed'));
      continue;
    }
    const paid = await writeInvoice(store, periodEnd, sub, net, tax, 'paid');
    // A save-offer coupon is for one renewal (single use, as the coupon is set up in Recurly): used now.
    sub.discountPercent = 0;
    sub.couponCodes = [];
    sub.activeInvoiceId = paid.id;
    sub.periodFee = net;
    sub.currentPeriodStartedAt = periodEnd.toISOString();
    sub.currentPeriodEndsAt = addYears(periodEnd, 1).toISOString();
    sub.currentTermEndsAt = sub.currentPeriodEndsAt;
    touch(sub, periodEnd);
    sent.push(await event(periodEnd, 'subscription', 'renewed'));
    sent.push(await event(periodEnd, 'payment', 'succeeded'));
  }
  return sent;
}
