import { findPlan } from '@bof/billing/plans';
import { SubscriptionPurchaseError } from '../../errors/subscription-errors';
import type { BillingModule } from '../billing/billing.module';
import {
  describeIndividualSubscription,
  type IndividualSubscription,
} from '../billing/individual-subscription';
import type { PurchaseInput } from '../billing/purchase-subscription';
import type { StudentsRepo } from './students.repo';
import { studentStatusOf } from './students.service';

/**
 * Buys the student plan for a reader whose academic address is verified this academic year and whose
 * graduation year is not past; the purchase itself is billing's (one charge per
 * idempotency key, nothing granted until paid). The plan's membership type is Student.
 * @throws SubscriptionPurchaseError INELIGIBLE_FOR_STUDENT_MEMBERSHIP for any other reader, PURCHASE_ERROR
 *   for a plan that is not a student plan, and whatever the purchase throws.
 */
export async function purchaseStudentSubscription(
  deps: {
    repo: Pick<StudentsRepo, 'find'>;
    billing: Pick<BillingModule, 'purchase' | 'deps'>;
    /** The students' clock (the wall clock): verifications are stamped on it. */
    now: () => Date;
  },
  input: Omit<PurchaseInput, 'withTrial'>,
): Promise<IndividualSubscription> {
  const plan = findPlan(input.planCode);
  if (!plan || plan.channel !== 'student')
    throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'That plan is not sold here.');
  const status = studentStatusOf(await deps.repo.find(input.userId), deps.now());
  if (!status.eligible)
    throw new SubscriptionPurchaseError(
      'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
      status.reason ?? 'Not eligible.',
    );
  const record = await deps.billing.purchase({ ...input, withTrial: false });
  return describeIndividualSubscription(await deps.billing.deps(), record, input.country);
}
