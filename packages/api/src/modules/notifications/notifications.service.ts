import type { Viewer } from '../../auth/viewer';
import { NotificationError } from './notifications.errors';
import {
  AUTH_BYTES,
  base64urlBytes,
  FOLLOWED_TOPICS_PER_HOUR,
  MAX_SUBSCRIPTIONS_PER_READER,
  NOTIFICATION_KINDS,
  P256DH_BYTES,
  type NotificationKind,
  type SubscribeInput,
} from './notifications.inputs';
import type { NotificationsRepo, PushSubscriptionRow, StoryForPush } from './notifications.repo';
import type { PushSender } from './web-push-sender';

/** What the browser shows (apps/web/src/sw/push.ts reads it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** One message for one subscription, as the delivery queue carries it. */
export interface PushDelivery {
  subscriptionId: string;
  storyId: string;
  payload: PushPayload;
}

export interface NotificationPreference {
  kind: NotificationKind;
  enabled: boolean;
}

/** A reader's subscription as they see it (never the keys). */
export interface PushSubscriptionView {
  id: string;
  userAgent: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
}

type Deps = {
  repo: NotificationsRepo;
  /** Null when no VAPID keys are configured (production without WEB_PUSH_VAPID_*): push is off. */
  vapidPublicKey: string | null;
  send: PushSender;
  /** Queues a story's fan-out (the job queue); the fan-out job calls `fanOut`. */
  queueFanOut(storyId: string, kind: NotificationKind): Promise<void>;
  /** Queues deliveries (the job queue); each is retried on its own until the queue's limit. */
  enqueue(deliveries: readonly PushDelivery[]): Promise<void>;
  /** Plain-HTTP push services on loopback are accepted (the embedded defaults and tests only). */
  allowLoopbackHttp: boolean;
  staffCanSendBreakingNews(viewer: Viewer | null): Promise<void>;
  now: () => Date;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The path of a story's page (content.service's storyPath, repeated to keep this module's imports few). */
const pathOf = (story: StoryForPush) =>
  story.kind === 'case_study'
    ? `/case-studies/${story.slug}/`
    : `/articles/${story.section.slug}/${story.slug}/`;

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function payloadFor(story: StoryForPush): PushPayload {
  return {
    title: truncate(story.headline, 120),
    body: truncate(story.standfirst, 240),
    url: pathOf(story),
    tag: `story-${story.id}`,
  };
}

const toView = (row: PushSubscriptionRow): PushSubscriptionView => ({
  id: row.id,
  userAgent: row.userAgent,
  createdAt: row.createdAt,
  lastSuccessAt: row.lastSuccessAt,
});

/** Web Push notifications: readers' subscriptions and switches, the fan-out and the deliveries. */
export function createNotificationsService(deps: Deps) {
  const { repo } = deps;

  function requireAvailable(): string {
    if (!deps.vapidPublicKey) throw new NotificationError('push_unavailable');
    return deps.vapidPublicKey;
  }

  function checkEndpoint(endpoint: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new NotificationError('push_endpoint_invalid', 'The push address is not a URL.');
    }
    const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
    if (url.protocol !== 'https:' && !(loopbackHttp && deps.allowLoopbackHttp))
      throw new NotificationError('push_endpoint_invalid', 'The push address must be an https:// address.');
    if (url.username || url.password)
      throw new NotificationError('push_endpoint_invalid', 'The push address must not hold credentials.');
  }

  function checkKeys(p256dh: string, auth: string): void {
    const key = base64urlBytes(p256dh);
    if (!key || key.length !== P256DH_BYTES || key[0] !== 0x04)
      throw new NotificationError(
        'push_keys_invalid',
        `The browser key must be an uncompressed P-256 public key (${P256DH_BYTES} bytes, base64url).`,
      );
    const secret = base64urlBytes(auth);
    if (!secret || secret.length !== AUTH_BYTES)
      throw new NotificationError(
        'push_keys_invalid',
        `The browser secret must be ${AUTH_BYTES} bytes, base64url.`,
      );
  }

  /** The start of the fixed hour the rate limit counts in. */
  const hourOf = (date: Date) => new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);

  /**
   * Fans a story out: one delivery per subscription of each reader the kind reaches (followers of one
   * of its topics, or everyone with breaking news on), each reader once per story, followed-topic
   * notifications at most FOLLOWED_TOPICS_PER_HOUR per reader per hour. Answers how many readers.
   */
  async function fanOut(
    storyId: string,
    kind: NotificationKind,
  ): Promise<{ readers: number; limited: number }> {
    if (!deps.vapidPublicKey) return { readers: 0, limited: 0 };
    const story = await repo.story(storyId);
    if (!story) return { readers: 0, limited: 0 };
    const audience = await repo.audience(kind, story.topics);
    const payload = payloadFor(story);
    const windowStart = hourOf(deps.now());
    let readers = 0;
    let limited = 0;
    for (const userId of audience) {
      const claim = await repo.claim(
        userId,
        story.id,
        kind,
        kind === 'followed_topics' ? { limit: FOLLOWED_TOPICS_PER_HOUR, windowStart } : null,
      );
      if (claim === 'rate_limited') limited++;
      if (claim !== 'sent') continue;
      readers++;
      const subscriptions = await repo.subscriptionsOf(userId);
      await deps.enqueue(subscriptions.map((s) => ({ subscriptionId: s.id, storyId: story.id, payload })));
    }
    return { readers, limited };
  }

  return {
    /** The VAPID public key browsers subscribe with; null when push is off on this site. */
    publicKey: (): string | null => deps.vapidPublicKey,

    async preferences(viewer: Pick<Viewer, 'userId'>): Promise<NotificationPreference[]> {
      const stored = await repo.preferencesOf(viewer.userId);
      return NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: stored.get(kind) ?? false }));
    },

    async setPreference(
      viewer: Pick<Viewer, 'userId'>,
      kind: NotificationKind,
      enabled: boolean,
    ): Promise<NotificationPreference> {
      await repo.setPreference(viewer.userId, kind, enabled);
      return { kind, enabled };
    },

    async subscriptions(viewer: Pick<Viewer, 'userId'>): Promise<PushSubscriptionView[]> {
      return (await repo.subscriptionsOf(viewer.userId)).map(toView);
    },

    /**
     * Keeps this browser's subscription for the reader. The same endpoint again replaces its keys (and
     * moves it to this reader: one browser notifies whoever last turned notifications on in it).
     */
    async subscribe(viewer: Pick<Viewer, 'userId'>, input: SubscribeInput): Promise<PushSubscriptionView> {
      requireAvailable();
      checkEndpoint(input.endpoint);
      checkKeys(input.p256dh, input.auth);
      const existing = await repo.subscriptionByEndpoint(input.endpoint);
      if (existing?.userId !== viewer.userId) {
        if ((await repo.subscriptionCount(viewer.userId)) >= MAX_SUBSCRIPTIONS_PER_READER)
          throw new NotificationError('push_subscription_limit');
      }
      const row = await repo.upsertSubscription({
        userId: viewer.userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        userAgent: input.userAgent,
      });
      return toView(row);
    },

    /** Forgets one of the reader's subscriptions; another reader's is "not found". */
    async unsubscribe(viewer: Pick<Viewer, 'userId'>, id: string): Promise<{ id: string }> {
      if (!(await repo.deleteSubscription(id, viewer.userId)))
        throw new NotificationError('push_subscription_not_found');
      return { id };
    },

    fanOut,

    /** A story went live for the first time: its followers' fan-out is queued. */
    storyPublished: (storyId: string) =>
      deps.vapidPublicKey ? deps.queueFanOut(storyId, 'followed_topics') : Promise.resolve(),

    /** Editors' breaking news: queues the fan-out to everyone with the switch on. */
    async sendBreakingNews(viewer: Viewer | null, storyId: string): Promise<{ queued: boolean }> {
      await deps.staffCanSendBreakingNews(viewer);
      requireAvailable();
      if (!(await repo.story(storyId))) throw new NotificationError('push_story_not_found');
      await deps.queueFanOut(storyId, 'breaking_news');
      return { queued: true };
    },

    /**
     * Sends one queued delivery. A subscription the push service says is gone (404/410) is deleted; any
     * other failure throws, and the queue retries the job.
     */
    async deliver(delivery: PushDelivery): Promise<'sent' | 'gone' | 'skipped'> {
      const subscription = await repo.subscription(delivery.subscriptionId);
      if (!subscription) return 'skipped';
      if (!(await repo.beginDelivery(subscription.id, delivery.storyId))) return 'skipped';
      const outcome = await deps.send(subscription, JSON.stringify(delivery.payload));
      if (outcome === 'gone') {
        await repo.deleteSubscription(subscription.id);
        return 'gone';
      }
      await repo.delivered(subscription.id, delivery.storyId);
      return 'sent';
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
