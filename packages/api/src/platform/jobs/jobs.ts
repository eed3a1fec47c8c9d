/**
 * The product's background job queue, as the modules see it (ADR 24). Jobs live in the product's own
 * database; a job is retried with backoff until its retry limit, and a job whose worker died is picked
 * up again once it expires. Handlers must therefore be idempotent: a job can run more than once.
 */
export interface Jobs {
  /** Creates the queue if it does not exist yet (idempotent). Call before send or work. */
  ensureQueue(queue: string, options?: QueueSettings): Promise<void>;
  /** Queues one job; with `singletonKey` a second job with the same key is not queued (null). */
  send<T extends object>(queue: string, data: T, options?: SendSettings): Promise<string | null>;
  /** Queues many jobs in one statement. */
  sendMany<T extends object>(queue: string, items: readonly T[], options?: SendSettings): Promise<void>;
  /**
   * Runs `handler` for the queue's jobs until `stop`. A handler that throws fails the job, which is then
   * retried per the queue's settings.
   */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: WorkSettings): Promise<string>;
  /** Stops one worker (by the id `work` returned); jobs it has not finished are retried later. */
  offWork(queue: string, workerId: string): Promise<void>;
  /** Queues a job on the queue on a cron schedule (UTC), replacing an earlier schedule of that name. */
  schedule<T extends object>(queue: string, cron: string, data?: T): Promise<void>;
  /** Stops the workers and the maintenance timers; waits up to `graceMs` for running jobs. */
  stop(graceMs?: number): Promise<void>;
}

export interface JobContext<T> {
  id: string;
  data: T;
  /** How many times this job ran before (0 on the first run). */
  retryCount: number;
}

export type JobHandler<T> = (jobs: JobContext<T>[]) => Promise<void>;

export interface QueueSettings {
  /**
   * With `oneJobPerKey`, a job sent with a `singletonKey` is not queued while another job with that key
   * is waiting or running.
   */
  oneJobPerKey?: boolean;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** How long a started job may run before it counts as failed and is retried. */
  expireInSeconds?: number;
}

export interface SendSettings {
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface WorkSettings {
  /** Jobs fetched per call of the handler. */
  batchSize?: number;
  /** Handlers running at once in this process. */
  concurrency?: number;
  /** Idle poll interval. */
  pollingIntervalSeconds?: number;
}
