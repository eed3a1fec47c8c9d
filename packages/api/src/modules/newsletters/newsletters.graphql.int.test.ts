import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

const UPDATE = `mutation ($input: UpdateNewsletterSubscriptionsInput!) {
  updateNewsletterSubscriptions(input: $input) {
    __typename
    ... on NewsletterSubscriptionsUpdated { newlySubscribedIds subscriptions { status newsletter { newsletterId } } }
    ... on NewsletterNotFoundError { newsletterIds message }
    ... on ZodError { fieldErrors { path message } }
  }
}`;
const SUBSCRIPTIONS = `{ newsletterSubscriptions { __typename
  ... on NewsletterSubscriptionsSuccess { data { status newsletter { newsletterId } } } } }`;

type Sub = { status: string; newsletter: { newsletterId: string } };
const statusOf = (subs: Sub[], id: string) => subs.find((s) => s.newsletter.newsletterId === id)?.status;

describe('the newsletter catalogue', () => {
  it('lists a dozen newsletters across the three groups, with the one-more-step flags', async () => {
    const { body } = await harness.post(
      '{ newsletters { newsletterId title newsletterGroup isVisibleOnOMS isPreselectedOnOMS isTopic } }',
    );
    const list = body.data!.newsletters as { newsletterId: string; newsletterGroup: string }[];
    expect(list).toHaveLength(12);
    expect(new Set(list.map((n) => n.newsletterGroup))).toEqual(new Set(['DAILY', 'WEEKLY', 'PERSONALISED']));
    expect(list[0]).toMatchObject({ newsletterId: 'daily-brief', isPreselectedOnOMS: true });
  });

  it('lets an admin edit a newsletter, and no one else', async () => {
    const mutation = `mutation ($input: UpdateNewsletterInput!) { updateNewsletter(input: $input) {
      __typename ... on Newsletter { title } } }`;
    const input = { newsletterId: 'beauty-weekly', title: 'The Beauty Letter' };
    const reader = await harness.signIn('reader-edit');
    expect((await harness.post(mutation, { input }, reader)).body.data!.updateNewsletter).toEqual({
      __typename: 'UnauthorizedError',
    });
    const admin = await harness.signIn('admin-edit', { isBofAdmin: true });
    expect((await harness.post(mutation, { input }, admin)).body.data!.updateNewsletter).toEqual({
      __typename: 'Newsletter',
      title: 'The Beauty Letter',
    });
    const unknown = await harness.post(mutation, { input: { newsletterId: 'no-such-letter' } }, admin);
    expect(unknown.body.data!.updateNewsletter).toEqual({ __typename: 'NewsletterNotFoundError' });
  });
});

describe('a signed-in reader', () => {
  it('subscribes and unsubscribes, and sees the statuses', async () => {
    const reader = await harness.signIn('reader-subs');
    const initial = await harness.post(SUBSCRIPTIONS, {}, reader);
    const before = (initial.body.data!.newsletterSubscriptions as { data: Sub[] }).data;
    expect(before.every((s) => s.status === 'none')).toBe(true);

    const first = await harness.post(
      UPDATE,
      {
        input: {
          subscriptions: [
            { newsletterId: 'daily-brief', status: 'subscribed' },
            { newsletterId: 'beauty-weekly', status: 'subscribed' },
          ],
          placementVariant: 'article',
        },
      },
      reader,
    );
    const updated = first.body.data!.updateNewsletterSubscriptions as {
      newlySubscribedIds: string[];
      subscriptions: Sub[];
    };
    expect(updated.newlySubscribedIds.sort()).toEqual(['beauty-weekly', 'daily-brief']);
    expect(statusOf(updated.subscriptions, 'daily-brief')).toBe('subscribed');

    const again = await harness.post(
      UPDATE,
      {
        input: {
          subscriptions: [
            { newsletterId: 'daily-brief', status: 'subscribed' },
            { newsletterId: 'beauty-weekly', status: 'unsubscribed' },
          ],
        },
      },
      reader,
    );
    const second = again.body.data!.updateNewsletterSubscriptions as {
      newlySubscribedIds: string[];
      subscriptions: Sub[];
    };
    expect(second.newlySubscribedIds).toEqual([]);
    expect(statusOf(second.subscriptions, 'beauty-weekly')).toBe('unsubscribed');

    // Another reader sees none of it.
    const other = await harness.signIn('reader-other');
    const theirs = await harness.post(SUBSCRIPTIONS, {}, other);
    const theirSubs = (theirs.body.data!.newsletterSubscriptions as { data: Sub[] }).data;
    expect(theirSubs.every((s) => s.status === 'none')).toBe(true);
  });

  it('is refused unknown ids, malformed ids and duplicates, and nothing changes', async () => {
    const reader = await harness.signIn('reader-bad');
    const unknown = await harness.post(
      UPDATE,
      {
        input: {
          subscriptions: [
            { newsletterId: 'daily-brief', status: 'subscribed' },
            { newsletterId: 'no-such-letter', status: 'subscribed' },
          ],
        },
      },
      reader,
    );
    expect(unknown.body.data!.updateNewsletterSubscriptions).toMatchObject({
      __typename: 'NewsletterNotFoundError',
      newsletterIds: ['no-such-letter'],
    });
    const subs = await harness.post(SUBSCRIPTIONS, {}, reader);
    expect(statusOf((subs.body.data!.newsletterSubscriptions as { data: Sub[] }).data, 'daily-brief')).toBe(
      'none',
    );

    for (const subscriptions of [
      [{ newsletterId: '<script>', status: 'subscribed' }],
      [],
      [
        { newsletterId: 'daily-brief', status: 'subscribed' },
        { newsletterId: 'daily-brief', status: 'unsubscribed' },
      ],
      [{ newsletterId: 'daily-brief', status: 'none' }],
    ]) {
      const bad = await harness.post(UPDATE, { input: { subscriptions } }, reader);
      expect(bad.body.data!.updateNewsletterSubscriptions).toMatchObject({ __typename: 'ZodError' });
    }
  });

  it('needs to be signed in', async () => {
    const anonymous = await harness.post(SUBSCRIPTIONS);
    expect(anonymous.body.data!.newsletterSubscriptions).toEqual({ __typename: 'AuthError' });
  });
});

describe('one-click unsubscribe', () => {
  it('unsubscribes from the signed link without a session, and refuses altered links', async () => {
    const reader = await harness.signIn('reader-oneclick');
    await harness.post(
      UPDATE,
      { input: { subscriptions: [{ newsletterId: 'daily-brief', status: 'subscribed' }] } },
      reader,
    );
    const message = await harness.services.newsletterSending.messageFor(
      { subject: 'Brief', title: 'The Daily Brief', stories: [] },
      reader.email,
      reader.userId,
      'daily-brief',
    );
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(message.headers!['List-Unsubscribe']!)![1]!);
    const token = url.searchParams.get('token')!;
    const statusOfDaily = async () =>
      statusOf(
        (
          (await harness.post(SUBSCRIPTIONS, {}, reader)).body.data!.newsletterSubscriptions as {
            data: Sub[];
          }
        ).data,
        'daily-brief',
      );

    // Another letter or another reader named in the same signature: refused, nothing changes.
    const [user, , signature] = token.split('.');
    for (const altered of [
      `${user}.beauty-weekly.${signature}`,
      `cmVhZGVyLW90aGVy.daily-brief.${signature}`,
      'x',
    ])
      expect(await harness.services.newsletters.unsubscribeWithToken(altered)).toBe('invalid');
    expect(await statusOfDaily()).toBe('subscribed');

    expect(await harness.services.newsletters.unsubscribeWithToken(token)).toBe('unsubscribed');
    expect(await statusOfDaily()).toBe('unsubscribed');
    // Replayed: still a no-op success.
    expect(await harness.services.newsletters.unsubscribeWithToken(token)).toBe('unsubscribed');
  });
});

describe('an anonymous sign-up over GraphQL', () => {
  const SUBSCRIBE = `mutation ($input: SubscribeEmailToNewslettersInput!) {
    subscribeEmailToNewsletters(input: $input) {
      __typename
      ... on NewsletterSignUpRequested { email }
      ... on NewsletterNotFoundError { newsletterIds }
      ... on ZodError { fieldErrors { path message } }
    }
  }`;
  const CONFIRM = `mutation ($input: ConfirmAnonUserToNewsletterSubscriptionInput!) {
    confirmAnonUserToNewsletterSubscription(input: $input) {
      __typename
      ... on NewsletterConfirmationInvalidError { reason message }
      ... on NewsletterSignUpConfirmed { recoveryLink }
    }
  }`;

  it('is open to signed-out readers and sends only the confirmation e-mail', async () => {
    const { body } = await harness.post(SUBSCRIBE, {
      input: { email: ' Anon.Reader@Example.org ', newsletterIds: ['daily-brief'] },
    });
    expect(body.data!.subscribeEmailToNewsletters).toEqual({
      __typename: 'NewsletterSignUpRequested',
      email: 'anon.reader@example.org',
    });
    const mails = harness.sent.filter((m) => m.to === 'anon.reader@example.org');
    expect(mails.map((m) => m.templateType)).toEqual(['newsletter_signup_confirmation']);
  });

  it.each(['not-an-address', 'name@example', 'two@@example.org', 'spa ce@example.org', ''])(
    'refuses the address %j with a field error',
    async (email) => {
      const { body } = await harness.post(SUBSCRIBE, { input: { email, newsletterIds: ['daily-brief'] } });
      const result = body.data!.subscribeEmailToNewsletters as { __typename: string; fieldErrors: unknown };
      expect(result.__typename).toBe('ZodError');
      expect(result.fieldErrors).toEqual([expect.objectContaining({ path: ['input', 'email'] })]);
    },
  );

  it('refuses unknown newsletter ids and an empty choice', async () => {
    const unknown = await harness.post(SUBSCRIBE, {
      input: { email: 'ids@example.org', newsletterIds: ['daily-brief', 'nope'] },
    });
    expect(unknown.body.data!.subscribeEmailToNewsletters).toMatchObject({
      __typename: 'NewsletterNotFoundError',
      newsletterIds: ['nope'],
    });
    const none = await harness.post(SUBSCRIBE, { input: { email: 'ids@example.org', newsletterIds: [] } });
    expect(none.body.data!.subscribeEmailToNewsletters).toMatchObject({ __typename: 'ZodError' });
    expect(harness.sent.filter((m) => m.to === 'ids@example.org')).toHaveLength(0);
  });

  it('refuses a forged confirmation link with a clear error', async () => {
    const { body } = await harness.post(CONFIRM, { input: { token: 'forged.token' } });
    expect(body.data!.confirmAnonUserToNewsletterSubscription).toMatchObject({
      __typename: 'NewsletterConfirmationInvalidError',
      reason: 'invalid',
      message: expect.stringContaining('not valid'),
    });
  });
});
