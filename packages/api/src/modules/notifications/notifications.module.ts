import { readOrCreateSecret } from '@bof/http/secret-file';
import type { Viewer } from '../../auth/viewer';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import type { NotificationKind } from './notifications.inputs';
import { createNotificationsRepo } from './notifications.repo';
import {
  createNotificationsService,
  type NotificationsService,
  type PushDelivery,
} from './notifications.service';
import { createWebPushSender, generateVapidKeys, type PushSender, type VapidKeys } from './web-push-sender';

export type { NotificationsService, PushDelivery, PushPayload } from './notifications.service';
export { NOTIFICATION_KINDS, type NotificationKind } from './notifications.inputs';

/** The queue of fan-outs: one job per story and kind. */
export const FAN_OUT_QUEUE = 'notifications.fan-out';
/** The queue of deliveries: one job per subscription and story, retried on its own. */
export const DELIVER_QUEUE = 'notifications.deliver';

const queueSettings = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 };

export interface NotificationsModule extends NotificationsService {
  /** Starts this process's fan-out and delivery workers; answers their ids (`jobs.stop()` ends them). */
  startWork(options?: { pollingIntervalSeconds?: number; concurrency?: number }): Promise<string[]>;
}

/**
 * The sender's VAPID keys: the configured ones; on the embedded defaults a pair made once and kept under
 * DATA_DIR/keys, so browsers' subscriptions survive restarts; null in production without configuration
 * (push is then off, and says so).
 */
export function vapidKeysFor(env: Platform['env']): VapidKeys | null {
  if (env.webPush.vapid) return env.webPush.vapid;
  if (!env.embedded) return null;
  const stored = JSON.parse(
    readOrCreateSecret({
      dataDir: env.dataDir,
      name: 'web-push-vapid.json',
      generate: () => JSON.stringify(generateVapidKeys()),
    }),
  ) as { publicKey: string; privateKey: string };
  const host = new URL(env.siteUrl).hostname;
  return { ...stored, subject: `mailto:notifications@${host.includes('.') ? host : 'example.org'}` };
}

/** Builds the notifications module over the platform and the job queue. */
export function createNotificationsModule(
  platform: Pick<Platform, 'db' | 'env'>,
  deps: {
    jobs: Jobs;
    /** Refuses anyone who may not publish in the newsroom (breaking news is an editors' action). */
    requireEditor(viewer: Viewer | null): Promise<unknown>;
    /** Stands in for the push services (tests); Web Push over fetch otherwise. */
    send?: PushSender;
    now?: () => Date;
  },
): NotificationsModule {
  const { jobs } = deps;
  const vapid = vapidKeysFor(platform.env);
  const unavailable: PushSender = async () => {
    throw new Error('Web Push is not configured (WEB_PUSH_VAPID_*).');
  };
  let queuesReady: Promise<void> | null = null;
  const ensureQueues = () =>
    (queuesReady ??= Promise.all([
      jobs.ensureQueue(FAN_OUT_QUEUE, { ...queueSettings, oneJobPerKey: true }),
      jobs.ensureQueue(DELIVER_QUEUE, queueSettings),
    ]).then(() => undefined));
  const service = createNotificationsService({
    repo: createNotificationsRepo(platform.db),
    vapidPublicKey: vapid?.publicKey ?? null,
    send: deps.send ?? (vapid ? createWebPushSender(vapid) : unavailable),
    allowLoopbackHttp: platform.env.embedded,
    staffCanSendBreakingNews: async (viewer) => void (await deps.requireEditor(viewer)),
    queueFanOut: async (storyId: string, kind: NotificationKind) => {
      await ensureQueues();
      await jobs.send(FAN_OUT_QUEUE, { storyId, kind }, { singletonKey: `${kind}:${storyId}` });
    },
    enqueue: async (deliveries) => {
      if (deliveries.length === 0) return;
      await ensureQueues();
      await jobs.sendMany(DELIVER_QUEUE, deliveries);
    },
    now: deps.now ?? (() => new Date()),
  });
  return {
    ...service,
    async startWork(options = {}) {
      await ensureQueues();
      const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
      return [
        await jobs.work<{ storyId: string; kind: NotificationKind }>(
          FAN_OUT_QUEUE,
          async (batch) => {
            for (const job of batch) await service.fanOut(job.data.storyId, job.data.kind);
          },
          polling,
        ),
        await jobs.work<PushDelivery>(
          DELIVER_QUEUE,
          async (batch) => {
            for (const job of batch) await service.deliver(job.data);
          },
          { ...polling, concurrency: options.concurrency ?? 2 },
        ),
      ];
    },
  };
}
