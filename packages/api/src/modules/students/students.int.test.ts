import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@bof/billing/test-cards';
import { userAcademicData } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { membershipClaims } from '../billing/billing.module';
import { confirmAcademicCode } from './students.service';

// Every error path of the student membership (issue: bad input), on the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the address check, the code, the one-reader rule, the academic
// year, the purchase's eligibility, and graduation at renewal.

let harness: GraphQLHarness;
// Migrating and seeding a fresh database takes minutes on a loaded machine.
beforeAll(async () => {
  harness = await createGraphQLHarness();
}, 400_000);
afterAll(async () => {
  harness?.services.students.stop();
  await harness?.close();
});

const YEAR = new Date().getUTCFullYear();

const CHECK = `query ($input: ValidateAcademicEmailQueryInput!) {
  validateAcademicEmail(input: $input) {
    __typename
    ... on AcademicEmailValidation { email isAcademic institution message }
    ... on ZodError { fieldErrors { path message } }
  }
}`;
const REQUEST = `mutation ($input: ValidateAcademicEmailInput!) {
  validateAcademicEmail(input: $input) {
    __typename
    ... on AcademicEmailCodeSent { email institution graduationYear }
    ... on Error { message }
    ... on ZodError { fieldErrors { path code message } }
  }
}`;
const CONFIRM = `mutation ($input: ConfirmAcademicEmailInput!) {
  confirmAcademicEmail(input: $input) {
    __typename
    ... on UserAcademicData { email emailVerified graduationYear }
    ... on Error { message }
  }
}`;
const PURCHASE = `mutation ($input: PurchaseStudentSubscriptionInput!) {
  purchaseStudentSubscription(input: $input) {
    __typename
    ... on IndividualSubscription { planCode title }
    ... on SubscriptionPurchaseError { code message }
    ... on Error { message }
  }
}`;
const RULE = `mutation ($input: SetAcademicDomainRuleInput!) {
  setAcademicDomainRule(input: $input) {
    __typename
    ... on AcademicDomainRule { domain rule institution }
    ... on Error { message }
  }
}`;

type Result = Record<string, unknown> & { __typename: string; message?: string };
const run = async (query: string, input: Record<string, unknown>, viewer: Viewer | null) => {
  const { body } = await harness.post(query, { input }, viewer);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Result;
};
const lastCodeTo = (to: string) => {
  const mail = [...harness.sent].reverse().find((m) => m.to === to);
  return /Your code: (\d{6})/.exec(mail?.text ?? '')?.[1];
};
const row = async (userId: string) =>
  (await harness.db.select().from(userAcademicData).where(eq(userAcademicData.userId, userId)))[0];
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Asks for a code and confirms it: the reader is verified. */
async function verify(viewer: Viewer, email: string, graduationYear = YEAR + 2) {
  expect((await run(REQUEST, { email, graduationYear }, viewer)).__typename).toBe('AcademicEmailCodeSent');
  const confirmed = await run(CONFIRM, { code: lastCodeTo(email) }, viewer);
  expect(confirmed).toMatchObject({ __typename: 'UserAcademicData', emailVerified: true });
}

const purchaseInput = async (viewer: Viewer, key: string, planCode = 'students_standard_yearly_v1') => {
  const token = await harness.services.billing.simulator!.tokenize(
    {
      number: TEST_CARDS.success,
      expMonth: 3,
      expYear: YEAR + 4,
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Student',
      postalCode: 'OX1',
      countryCode: 'GB',
    },
    { owner: viewer.userId },
  );
  return {
    planCode,
    currency: 'GBP',
    country: 'GB',
    billingToken: token.id,
    idempotencyKey: `student-${key}-key-0001`,
  };
};

describe('is this address academic?', () => {
  it('names the institution from the shipped list, and refuses webmail, group-style and malformed addresses', async () => {
    const viewer = await harness.signIn('check-reader');
    expect(await run(CHECK, { email: 'Ada.Lovelace@OX.ac.uk' }, viewer)).toEqual({
      __typename: 'AcademicEmailValidation',
      email: 'ada.lovelace@ox.ac.uk',
      isAcademic: true,
      institution: 'University of Oxford',
      message: null,
    });
    const gmail = await run(CHECK, { email: 'name@gmail.com' }, viewer);
    expect(gmail).toMatchObject({ isAcademic: false, institution: null });
    expect(gmail.message).toMatch(/not an address of a university or college/);
    for (const local of [
      'info',
      'admin',
      'press.office',
      'marketing2',
      'bof',
      'businessoffashion',
      'front-desk',
    ]) {
      const group = await run(CHECK, { email: `${local}@ox.ac.uk` }, viewer);
      expect(group, local).toMatchObject({ isAcademic: false });
      expect(group.message).toMatch(/shared or department address/);
    }
    // A name that merely starts like a prefix is a person's.
    expect(await run(CHECK, { email: 'priya@ox.ac.uk' }, viewer)).toMatchObject({ isAcademic: true });
    const malformed = await run(CHECK, { email: 'not an address' }, viewer);
    expect(malformed.__typename).toBe('ZodError');
  });

  it("follows the admins' allow and deny lists over the shipped list; only admins edit them", async () => {
    const reader = await harness.signIn('rule-reader');
    const admin = await harness.signIn('rule-admin', { isBofAdmin: true });
    expect(
      await run(
        RULE,
        { domain: 'atelier-school.example', rule: 'ALLOW', institution: 'Atelier School' },
        reader,
      ),
    ).toMatchObject({ __typename: 'UnauthorizedError' });
    expect((await run(CHECK, { email: 'ada@atelier-school.example' }, reader)).isAcademic).toBe(false);

    expect(
      await run(
        RULE,
        { domain: 'atelier-school.example', rule: 'ALLOW', institution: 'Atelier School' },
        admin,
      ),
    ).toEqual({
      __typename: 'AcademicDomainRule',
      domain: 'atelier-school.example',
      rule: 'ALLOW',
      institution: 'Atelier School',
    });
    expect(await run(CHECK, { email: 'ada@paris.atelier-school.example' }, reader)).toMatchObject({
      isAcademic: true,
      institution: 'Atelier School',
    });
    // Group-style addresses stay refused even at an allowed domain.
    expect((await run(CHECK, { email: 'office@atelier-school.example' }, reader)).isAcademic).toBe(false);

    await run(RULE, { domain: 'alumni.ox.ac.uk', rule: 'DENY' }, admin);
    expect((await run(CHECK, { email: 'ada@alumni.ox.ac.uk' }, reader)).isAcademic).toBe(false);
    expect((await run(CHECK, { email: 'ada@ox.ac.uk' }, reader)).isAcademic).toBe(true);
    await run(RULE, { domain: 'alumni.ox.ac.uk', rule: 'NONE' }, admin);
    expect((await run(CHECK, { email: 'ada@alumni.ox.ac.uk' }, reader)).isAcademic).toBe(true);
    expect((await run(RULE, { domain: 'not a domain', rule: 'ALLOW' }, admin)).__typename).toBe('ZodError');
  });
});

describe('verification', () => {
  it('refuses bad addresses and graduation years next to their field, changing nothing', async () => {
    const viewer = await harness.signIn('bad-input-student');
    const refused = await run(REQUEST, { email: 'name@gmail.com', graduationYear: YEAR + 1 }, viewer);
    expect(refused.__typename).toBe('InvalidAcademicEmailError');
    expect(
      (await run(REQUEST, { email: 'info@ox.ac.uk', graduationYear: YEAR + 1 }, viewer)).__typename,
    ).toBe('InvalidAcademicEmailError');
    const past = await run(REQUEST, { email: 'ada@ox.ac.uk', graduationYear: YEAR - 1 }, viewer);
    expect(past).toMatchObject({
      __typename: 'ZodError',
      fieldErrors: [{ path: ['input', 'graduationYear'], code: 'graduation_year_past' }],
    });
    const far = await run(REQUEST, { email: 'ada@ox.ac.uk', graduationYear: YEAR + 9 }, viewer);
    expect(far).toMatchObject({
      fieldErrors: [{ path: ['input', 'graduationYear'], code: 'graduation_year_too_far' }],
    });
    const malformed = await run(REQUEST, { email: 'ada@', graduationYear: YEAR }, viewer);
    expect(malformed).toMatchObject({ __typename: 'ZodError', fieldErrors: [{ path: ['input', 'email'] }] });
    expect(await row(viewer.userId)).toBeUndefined();
    expect(harness.sent.filter((m) => m.to.includes('gmail') || m.to.startsWith('info@'))).toEqual([]);
  });

  it('sends a 6-digit code stored only as an HMAC; 5 wrong tries void it, and the sixth is refused', async () => {
    const viewer = await harness.signIn('wrong-code-student');
    const email = 'wrong.code@ox.ac.uk';
    const sent = await run(REQUEST, { email, graduationYear: YEAR + 3 }, viewer);
    expect(sent).toEqual({
      __typename: 'AcademicEmailCodeSent',
      email,
      institution: 'University of Oxford',
      graduationYear: YEAR + 3,
    });
    const code = lastCodeTo(email)!;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await row(viewer.userId);
    expect(stored?.emailVerificationCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.emailVerificationCodeHash).not.toContain(code);
    // A second code within the minute is refused next to the address.
    expect(await run(REQUEST, { email, graduationYear: YEAR + 3 }, viewer)).toMatchObject({
      fieldErrors: [{ path: ['input', 'email'], code: 'code_sent_recently' }],
    });

    for (let left = 4; left >= 1; left--) {
      expect(await run(CONFIRM, { code: wrongOf(code) }, viewer)).toEqual({
        __typename: 'AcademicEmailConfirmationError',
        message: `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      });
    }
    expect((await run(CONFIRM, { code: wrongOf(code) }, viewer)).message).toMatch(/Too many wrong codes/);
    // The sixth try, with the right code, is refused: the code is void.
    expect((await run(CONFIRM, { code }, viewer)).message).toMatch(/Too many wrong codes/);
    expect((await row(viewer.userId))?.emailVerified).toBe(false);
    expect((await run(CONFIRM, { code: '12a456' }, viewer)).__typename).toBe('ZodError');
  });

  it('refuses an expired code, and a confirmation without a code', async () => {
    const viewer = await harness.signIn('expired-code-student');
    expect((await run(CONFIRM, { code: '123456' }, viewer)).message).toMatch(/no code waiting/);
    const email = 'late.reader@ox.ac.uk';
    await run(REQUEST, { email, graduationYear: YEAR + 1 }, viewer);
    const code = lastCodeTo(email)!;
    const { deps } = harness.services.students;
    const later = { ...deps, now: () => new Date(Date.now() + 15 * 60_000 + 1000) };
    await expect(confirmAcademicCode(later, viewer, { code })).rejects.toThrow(/This code has expired/);
    // Still within the 15 minutes, the same code works.
    await expect(confirmAcademicCode(deps, viewer, { code })).resolves.toMatchObject({ emailVerified: true });
  });

  it('lets one academic address verify one reader at a time', async () => {
    const first = await harness.signIn('first-holder');
    const second = await harness.signIn('second-claimer');
    const third = await harness.signIn('third-racer');
    const email = 'shared.address@ox.ac.uk';
    // The third reader asks before the first confirms, then loses the race.
    await run(REQUEST, { email, graduationYear: YEAR + 1 }, third);
    const thirdCode = lastCodeTo(email)!;
    await verify(first, email);
    expect(await run(REQUEST, { email, graduationYear: YEAR + 1 }, second)).toMatchObject({
      __typename: 'InvalidAcademicEmailError',
      message: expect.stringMatching(/already verifies another reader/),
    });
    expect(await row(second.userId)).toBeUndefined();
    expect(await run(CONFIRM, { code: thirdCode }, third)).toMatchObject({
      __typename: 'AcademicEmailConfirmationError',
      message: expect.stringMatching(/already verifies another reader/),
    });
    expect((await row(third.userId))?.emailVerified).toBe(false);
    expect((await row(first.userId))?.emailVerified).toBe(true);
  });

  it('needs verifying again each academic year; a lapsed verification frees the address', async () => {
    const old = await harness.signIn('last-year-student');
    const next = await harness.signIn('this-year-student');
    const email = 'passed.on@ox.ac.uk';
    await verify(old, email);
    const lastYear = new Date(Date.UTC(YEAR - 1, 5, 1));
    await harness.db
      .update(userAcademicData)
      .set({ emailVerifiedDateTime: lastYear })
      .where(eq(userAcademicData.userId, old.userId));
    const status = await harness.services.students.statusOf(old.userId);
    expect(status).toMatchObject({ verifiedThisYear: false, eligible: false });
    expect((await run(PURCHASE, await purchaseInput(old, 'lapsed'), old)).code).toBe(
      'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
    );
    await verify(next, email);
    expect((await row(old.userId))?.emailVerified).toBe(false);
  });
});

describe('the student purchase', () => {
  it('refuses readers who are not verified, or whose graduation year is past, and plans that are not the student plan', async () => {
    const unverified = await harness.signIn('unverified-buyer');
    expect(await run(PURCHASE, await purchaseInput(unverified, 'unverified'), unverified)).toMatchObject({
      __typename: 'SubscriptionPurchaseError',
      code: 'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
    });
    const graduate = await harness.signIn('graduate-buyer');
    await verify(graduate, 'graduate.buyer@ox.ac.uk');
    await harness.db
      .update(userAcademicData)
      .set({ graduationYear: YEAR - 1 })
      .where(eq(userAcademicData.userId, graduate.userId));
    expect(await run(PURCHASE, await purchaseInput(graduate, 'graduate'), graduate)).toMatchObject({
      code: 'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
      message: expect.stringMatching(/graduation year has passed/),
    });
    const other = await harness.signIn('wrong-plan-buyer');
    await verify(other, 'wrong.plan@ox.ac.uk');
    expect(
      await run(PURCHASE, await purchaseInput(other, 'wrongplan', 'individuals_premium_yearly_v1'), other),
    ).toMatchObject({ code: 'PURCHASE_ERROR' });
    expect(await harness.services.billing.subscriptionsOf(unverified.userId)).toEqual([]);
    expect(await harness.services.billing.subscriptionsOf(graduate.userId)).toEqual([]);
  });

  it('sells the student plan to a verified reader: the token says Student', async () => {
    const viewer = await harness.signIn('verified-buyer');
    await verify(viewer, 'verified.buyer@ox.ac.uk', YEAR);
    expect(await run(PURCHASE, await purchaseInput(viewer, 'verified'), viewer)).toEqual({
      __typename: 'IndividualSubscription',
      planCode: 'students_standard_yearly_v1',
      title: 'Student',
    });
    expect(await membershipClaims(harness.services.billing, viewer.userId)).toMatchObject({
      type: 'Student',
      level: 'Standard',
    });
  });
});

describe('graduation at renewal', () => {
  it('e-mails 14 days before the renewal after graduation, once, then moves the membership to Standard', async () => {
    const { billing, students } = harness.services;
    const sim = billing.simulator!;
    const viewer = await harness.signIn('graduating-student');
    await verify(viewer, 'graduating.student@ox.ac.uk', YEAR);
    await run(PURCHASE, await purchaseInput(viewer, 'graduating'), viewer);
    const [sub] = await billing.subscriptionsOf(viewer.userId);
    const renewsAt = sub!.currentPeriodEndsAt;
    const DAY = 86_400_000;
    const toDays = (d: Date, now: Date) => (d.getTime() - now.getTime()) / DAY;

    // Not yet: more than 14 days before.
    await sim.advanceClock((toDays(renewsAt, await sim.now()) - 20) * DAY);
    expect((await students.runGraduations()).noticesSent).toBe(0);

    await sim.advanceClock(10 * DAY);
    const report = await students.runGraduations();
    expect(report.noticesSent).toBeGreaterThanOrEqual(1);
    const notice = harness.sent.filter((m) => m.to === 'graduating-student@example.org');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toMatch(/becomes Standard/);
    expect(notice[0]!.text).toMatch(/\/subscriptions\/cancel\//);
    await students.runGraduations();
    expect(harness.sent.filter((m) => m.to === 'graduating-student@example.org')).toHaveLength(1);

    // The renewal: the provider renews, the product hears it, and the membership moves.
    await sim.advanceClock(11 * DAY);
    await billing.reconcile();
    const moved = await students.runGraduations({ uuid: sub!.uuid });
    expect(moved.moved).toBe(1);
    const after = await billing.membershipOf(viewer.userId);
    expect(after).toMatchObject({ type: 'Individual', level: 'Standard' });
    expect(after.plan?.code).toBe('individuals_standard_yearly_trial_v1');
    // Nothing more to move, and no second e-mail.
    expect((await students.runGraduations({ uuid: sub!.uuid })).moved).toBe(0);
    expect(harness.sent.filter((m) => m.to === 'graduating-student@example.org')).toHaveLength(1);
  });

  it('e-mails a graduate moved without a notice once, however many runs move them at the same time', async () => {
    const { billing, students } = harness.services;
    const sim = billing.simulator!;
    const viewer = await harness.signIn('moved-student');
    await verify(viewer, 'moved.student@ox.ac.uk', YEAR);
    await run(PURCHASE, await purchaseInput(viewer, 'moved'), viewer);
    const [sub] = await billing.subscriptionsOf(viewer.userId);
    // Past the renewal with no run in the 14 days before it: no notice went out.
    await sim.advanceClock(sub!.currentPeriodEndsAt.getTime() - (await sim.now()).getTime() + 86_400_000);
    await billing.reconcile();
    const reports = await Promise.all([0, 1, 2].map(() => students.runGraduations({ uuid: sub!.uuid })));
    expect(reports.every((r) => r.failed === 0)).toBe(true);
    expect(await billing.membershipOf(viewer.userId)).toMatchObject({
      type: 'Individual',
      level: 'Standard',
    });
    const mails = harness.sent.filter((m) => m.to === 'moved-student@example.org');
    expect(mails).toHaveLength(1);
  });

  it('leaves a graduate who cancelled to lapse at the renewal', async () => {
    const { billing, students } = harness.services;
    const sim = billing.simulator!;
    const viewer = await harness.signIn('cancelling-student');
    await verify(viewer, 'cancelling.student@ox.ac.uk', YEAR);
    expect((await run(PURCHASE, await purchaseInput(viewer, 'cancelling'), viewer)).__typename).toBe(
      'IndividualSubscription',
    );
    await billing.cancel({ userId: viewer.userId, reason: 'other', reasonOther: 'graduated' });
    const [sub] = await billing.subscriptionsOf(viewer.userId);
    await sim.advanceClock(370 * 86_400_000);
    await billing.reconcile();
    expect((await students.runGraduations({ uuid: sub!.uuid })).moved).toBe(0);
    expect((await billing.membershipOf(viewer.userId)).status).toBe('Expired');
  });
});
