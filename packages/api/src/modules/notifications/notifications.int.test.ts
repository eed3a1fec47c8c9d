import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, articleTopics, contentTopics, newsroomStories, notificationSends } from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import type { Draft } from '../newsroom/newsroom.module';
import { FOLLOWED_TOPICS_PER_HOUR } from './notifications.inputs';
import { createNotificationsModule, type PushPayload } from './notifications.module';
import { createTestBrowser, startTestPushService, type TestBrowser } from './push-test-server';

let harness: GraphQLHarness;
let push: Awaited<ReturnType<typeof startTestPushService>>;
let editor: Viewer;
/** A topic with enough seeded stories for the rate limit, and those stories' ids. */
let busyTopic: { slug: string; storyIds: string[] };
let authorSlug: string;

beforeAll(async () => {
  push = await startTestPushService();
  harness = await createGraphQLHarness();
  await harness.services.notifications.startWork({ pollingIntervalSeconds: 0.5 });
  editor = await harness.signIn('edna-editor', { isBofAdmin: true });
  await harness.db.execute(
    sql`insert into newsroom_staff (user_id, role, name) values ('edna-editor', 'editor', 'Edna Editor')`,
  );
  await harness.db.update(accounts).set({ isBofAdmin: true }).where(eq(accounts.userId, 'edna-editor'));
  const [topic] = await harness.db
    .select({ slug: contentTopics.slug, n: sql<number>`count(*)::int` })
    .from(articleTopics)
    .innerJoin(contentTopics, eq(contentTopics.id, articleTopics.topicId))
    .groupBy(contentTopics.slug)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  const stories = await harness.db
    .select({ id: articleTopics.articleId })
    .from(articleTopics)
    .innerJoin(contentTopics, eq(contentTopics.id, articleTopics.topicId))
    .where(eq(contentTopics.slug, topic!.slug))
    .limit(FOLLOWED_TOPICS_PER_HOUR + 2);
  busyTopic = { slug: topic!.slug, storyIds: stories.map((s) => s.id) };
  authorSlug = (await harness.services.content.authors())[0]!.slug;
}, 180_000);
afterAll(async () => {
  await harness?.close();
  await push?.close();
});

const SUBSCRIBE = `mutation ($input: SubscribePushInput!) { subscribePush(input: $input) {
  __typename ... on PushSubscription { id userAgent } ... on NotificationError { code message }
  ... on ZodError { fieldErrors { path } } } }`;
const UNSUBSCRIBE = `mutation ($id: ID!) { unsubscribePush(input: { id: $id }) {
  __typename ... on PushUnsubscribed { id } ... on NotificationError { code } } }`;
const SET = `mutation ($kind: NotificationKind!, $enabled: Boolean!) {
  setNotificationPreference(input: { kind: $kind, enabled: $enabled }) {
  __typename ... on NotificationPreference { kind enabled } } }`;
const MINE = `query { pushNotifications { __typename ... on PushNotificationsSuccess { data {
  vapidPublicKey preferences { kind enabled } subscriptions { id userAgent } } } } }`;
const BREAKING = `mutation ($id: ID!) { sendBreakingNews(input: { storyId: $id }) {
  __typename ... on BreakingNewsQueued { queued } ... on NotificationError { code } } }`;

/** A signed-in reader with a browser subscribed at the test push service. */
async function reader(
  name: string,
  options: { follows?: string[]; switches?: ('FOLLOWED_TOPICS' | 'BREAKING_NEWS')[] } = {},
): Promise<{ viewer: Viewer; browser: TestBrowser; subscriptionId: string }> {
  const viewer = await harness.signIn(name);
  const browser = createTestBrowser();
  const result = await harness.post(
    SUBSCRIBE,
    {
      input: { endpoint: push.endpoint(name), p256dh: browser.p256dh, auth: browser.auth, userAgent: 'Test' },
    },
    viewer,
  );
  const subscription = result.body.data!.subscribePush as { __typename: string; id: string };
  expect(subscription.__typename).toBe('PushSubscription');
  for (const topic of options.follows ?? [])
    await harness.services.follows.add(viewer, { followsType: 'TAG_SLUG', followsKey: topic });
  for (const kind of options.switches ?? []) await harness.post(SET, { kind, enabled: true }, viewer);
  return { viewer, browser, subscriptionId: subscription.id };
}

const decrypted = (name: string, browser: TestBrowser) =>
  push.messagesFor(name).map((m) => JSON.parse(browser.decrypt(m.body)) as PushPayload);

const sendsOf = (userId: string) =>
  harness.db
    .select({ storyId: notificationSends.storyId, status: notificationSends.status })
    .from(notificationSends)
    .where(eq(notificationSends.userId, userId));

function ready(draft: Draft, topic: string): Draft {
  return {
    ...draft,
    standfirst: 'Why the season ends early.',
    section: 'news',
    topics: [topic],
    authors: [{ slug: authorSlug, role: 'AUTHOR' }],
    hero: { ...draft.hero, alt: 'A shop window', caption: 'Paris, October', credit: 'Illustration: Studio' },
    body: [{ type: 'paragraph', text: 'First paragraph.' }],
  };
}

async function publishStory(headline: string, topic: string) {
  const { newsroom } = harness.services;
  const story = await newsroom.createStory(editor, { headline });
  await newsroom.saveStory(editor, { id: story.id, baseRevision: 1, draft: ready(story.record, topic) });
  return newsroom.publish(editor, story.id);
}

describe('push notifications', () => {
  it('answers the VAPID key, the switches (off) and the subscribed browsers', async () => {
    const { viewer, subscriptionId } = await reader('nadia-settings');
    const mine = await harness.post(MINE, {}, viewer);
    expect(mine.body.errors).toBeUndefined();
    const data = (mine.body.data!.pushNotifications as { data: Record<string, unknown> }).data;
    expect(data.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(data.preferences).toEqual([
      { kind: 'FOLLOWED_TOPICS', enabled: false },
      { kind: 'BREAKING_NEWS', enabled: false },
    ]);
    expect(data.subscriptions).toEqual([{ id: subscriptionId, userAgent: 'Test' }]);
    const anonymous = await harness.post(MINE, {});
    expect(anonymous.body.data?.pushNotifications ?? anonymous.body.errors).toBeTruthy();
    expect(anonymous.body.data?.pushNotifications).not.toMatchObject({ data: expect.anything() });
  });

  it('notifies a follower of a new story’s topic, encrypted, and no one who does not follow it or has it off', async () => {
    const topic = 'retail';
    const follower = await reader('fiona-follower', { follows: [topic], switches: ['FOLLOWED_TOPICS'] });
    const switchedOff = await reader('otto-off', { follows: [topic] });
    const elsewhere = await reader('nico-elsewhere', {
      follows: [busyTopic.slug === topic ? 'luxury' : busyTopic.slug],
      switches: ['FOLLOWED_TOPICS'],
    });

    const story = await publishStory('Retailers close their winter sales early', topic);
    await push.until('fiona-follower', 1);

    const [message] = push.messagesFor('fiona-follower');
    expect(message!.claims.aud).toBe(push.origin);
    expect(message!.vapidKey).toBe(harness.services.notifications.publicKey());
    expect(decrypted('fiona-follower', follower.browser)).toEqual([
      {
        title: 'Retailers close their winter sales early',
        body: 'Why the season ends early.',
        url: `/articles/news/${story.slug}/`,
        tag: `story-${story.articleId}`,
      },
    ]);
    // The fan-out that reached the follower considered every reader at once: the others were never queued.
    expect(await sendsOf(switchedOff.viewer.userId)).toEqual([]);
    expect(await sendsOf(elsewhere.viewer.userId)).toEqual([]);
    expect(push.messagesFor('otto-off')).toEqual([]);
    expect(push.messagesFor('nico-elsewhere')).toEqual([]);
    expect(push.refused).toEqual([]);
  });

  it('notifies followers when a scheduled story goes live', async () => {
    const follower = await reader('sia-scheduled', { follows: ['luxury'], switches: ['FOLLOWED_TOPICS'] });
    const { newsroom } = harness.services;
    const story = await newsroom.createStory(editor, { headline: 'A scheduled story about luxury' });
    await newsroom.saveStory(editor, { id: story.id, baseRevision: 1, draft: ready(story.record, 'luxury') });
    await newsroom.schedule(editor, story.id, new Date(Date.now() + 60 * 60_000));
    // Due now: the scheduling sweep (this call, or the module's own timer) publishes it once.
    await harness.db
      .update(newsroomStories)
      .set({ publishAt: new Date(Date.now() - 60_000) })
      .where(eq(newsroomStories.id, story.id));
    await newsroom.sweep();
    await push.until('sia-scheduled', 1);
    expect(decrypted('sia-scheduled', follower.browser)).toMatchObject([
      { title: 'A scheduled story about luxury', url: `/articles/news/${story.slug}/` },
    ]);
  });

  it(`sends at most ${FOLLOWED_TOPICS_PER_HOUR} followed-topic notifications per reader per hour, each story once`, async () => {
    const { viewer, browser } = await reader('rhea-rate', {
      follows: [busyTopic.slug],
      switches: ['FOLLOWED_TOPICS'],
    });
    const { notifications } = harness.services;
    expect(busyTopic.storyIds.length).toBe(FOLLOWED_TOPICS_PER_HOUR + 2);
    // Fan-outs of several stories at once, and each story twice.
    await Promise.all(
      [...busyTopic.storyIds, ...busyTopic.storyIds].map((id) => notifications.fanOut(id, 'followed_topics')),
    );
    const sends = await sendsOf(viewer.userId);
    expect(sends).toHaveLength(busyTopic.storyIds.length);
    expect(sends.filter((s) => s.status === 'sent')).toHaveLength(FOLLOWED_TOPICS_PER_HOUR);
    expect(sends.filter((s) => s.status === 'rate_limited')).toHaveLength(2);

    await push.until('rhea-rate', FOLLOWED_TOPICS_PER_HOUR);
    const tags = decrypted('rhea-rate', browser).map((p) => p.tag);
    expect(new Set(tags).size).toBe(FOLLOWED_TOPICS_PER_HOUR);
    const sentIds = sends.filter((s) => s.status === 'sent').map((s) => `story-${s.storyId}`);
    expect(tags.sort()).toEqual(sentIds.sort());

    // A delivery job run again (a retry) does not send the same story to the browser twice.
    const [subscription] = await notifications.subscriptions(viewer);
    const story = sends.find((s) => s.status === 'sent')!.storyId;
    const again = await notifications.deliver({
      subscriptionId: subscription!.id,
      storyId: story,
      payload: { title: 'x', body: 'x', url: '/', tag: 'x' },
    });
    expect(again).toBe('skipped');
  });

  it('sends an editor’s breaking news to readers who have it on, once', async () => {
    const on = await reader('bea-breaking', { switches: ['BREAKING_NEWS'] });
    await reader('bo-no-breaking', { switches: ['FOLLOWED_TOPICS'] });
    const story = await publishStory('Breaking: a merger in luxury', 'luxury');
    const reading = await harness.signIn('rita-reader');

    const refused = await harness.post(BREAKING, { id: story.id }, reading);
    expect(refused.body.data!.sendBreakingNews).toMatchObject({ __typename: 'UnauthorizedError' });
    const unknown = await harness.post(BREAKING, { id: '00000000-0000-4000-8000-000000000000' }, editor);
    expect(unknown.body.data!.sendBreakingNews).toEqual({
      __typename: 'NotificationError',
      code: 'push_story_not_found',
    });
    const sent = await harness.post(BREAKING, { id: story.id }, editor);
    expect(sent.body.data!.sendBreakingNews).toEqual({ __typename: 'BreakingNewsQueued', queued: true });
    await push.until('bea-breaking', 1);
    expect(decrypted('bea-breaking', on.browser)[0]).toMatchObject({ title: 'Breaking: a merger in luxury' });
    expect(push.messagesFor('bo-no-breaking')).toEqual([]);
    expect((await harness.services.notifications.fanOut(story.articleId!, 'breaking_news')).readers).toBe(0);
  });

  it('deletes a subscription the push service says is gone (410), and keeps one that fails otherwise', async () => {
    const gone = await reader('gus-gone');
    const failing = await reader('fay-failing');
    push.answer('gus-gone', 410);
    push.answer('fay-failing', 503);
    const { notifications } = harness.services;
    const payload = { title: 'A story', body: 'Its standfirst.', url: '/', tag: 'story-x' };
    const storyId = busyTopic.storyIds[0]!;
    expect(await notifications.deliver({ subscriptionId: gone.subscriptionId, storyId, payload })).toBe(
      'gone',
    );
    expect(await notifications.subscriptions(gone.viewer)).toEqual([]);
    await expect(
      notifications.deliver({ subscriptionId: failing.subscriptionId, storyId, payload }),
    ).rejects.toMatchObject({ name: 'PushServiceError', status: 503 });
    expect(await notifications.subscriptions(failing.viewer)).toHaveLength(1);

    const working = await reader('will-working');
    expect(await notifications.deliver({ subscriptionId: working.subscriptionId, storyId, payload })).toBe(
      'sent',
    );
    const [subscription] = await notifications.subscriptions(working.viewer);
    expect(subscription!.lastSuccessAt).toBeInstanceOf(Date);
    expect(JSON.parse(working.browser.decrypt(push.messagesFor('will-working')[0]!.body))).toEqual(payload);
  });

  it('refuses bad subscriptions with a clear code, and other readers’ subscriptions', async () => {
    const viewer = await harness.signIn('bad-input');
    const browser = createTestBrowser();
    const attempt = async (input: Record<string, unknown>) =>
      (
        await harness.post(
          SUBSCRIBE,
          { input: { endpoint: push.endpoint('bad'), p256dh: browser.p256dh, auth: browser.auth, ...input } },
          viewer,
        )
      ).body.data!.subscribePush as { __typename: string; code?: string };
    expect(await attempt({ endpoint: 'http://push.example.org/x' })).toMatchObject({
      code: 'push_endpoint_invalid',
    });
    expect(await attempt({ endpoint: 'not a url' })).toMatchObject({ code: 'push_endpoint_invalid' });
    expect(await attempt({ endpoint: `https://push.example.org/${'x'.repeat(1100)}` })).toMatchObject({
      __typename: 'ZodError',
    });
    expect(await attempt({ p256dh: Buffer.alloc(33, 4).toString('base64url') })).toMatchObject({
      code: 'push_keys_invalid',
    });
    expect(await attempt({ auth: Buffer.alloc(8).toString('base64url') })).toMatchObject({
      code: 'push_keys_invalid',
    });
    expect(await attempt({ auth: 'not base64url!' })).toMatchObject({ __typename: 'ZodError' });

    const other = await reader('olga-other');
    const theirs = await harness.post(UNSUBSCRIBE, { id: other.subscriptionId }, viewer);
    expect(theirs.body.data!.unsubscribePush).toEqual({
      __typename: 'NotificationError',
      code: 'push_subscription_not_found',
    });
    expect(await harness.services.notifications.subscriptions(other.viewer)).toHaveLength(1);
    const own = await harness.post(UNSUBSCRIBE, { id: other.subscriptionId }, other.viewer);
    expect(own.body.data!.unsubscribePush).toEqual({
      __typename: 'PushUnsubscribed',
      id: other.subscriptionId,
    });
  });

  it('accepts only https push services in production', async () => {
    const { env } = harness.platform;
    const production = createNotificationsModule(
      {
        db: harness.db,
        env: {
          ...env,
          embedded: false,
          webPush: {
            vapid: {
              ...(await import('web-push')).default.generateVAPIDKeys(),
              subject: 'mailto:a@example.org',
            },
          },
        },
      },
      { jobs: harness.services.jobs, requireEditor: async () => undefined },
    );
    const viewer = await harness.signIn('prod-reader');
    const browser = createTestBrowser();
    const keys = { p256dh: browser.p256dh, auth: browser.auth, userAgent: '' };
    await expect(
      production.subscribe(viewer, { endpoint: push.endpoint('prod'), ...keys }),
    ).rejects.toMatchObject({
      code: 'push_endpoint_invalid',
    });
    const ok = await production.subscribe(viewer, { endpoint: 'https://push.example.org/abc', ...keys });
    expect(ok.id).toBeTruthy();
    const unconfigured = createNotificationsModule(
      { db: harness.db, env: { ...env, embedded: false, webPush: { vapid: null } } },
      { jobs: harness.services.jobs, requireEditor: async () => undefined },
    );
    expect(unconfigured.publicKey()).toBeNull();
    await expect(
      unconfigured.subscribe(viewer, { endpoint: 'https://push.example.org/def', ...keys }),
    ).rejects.toMatchObject({ code: 'push_unavailable' });
  });
});
