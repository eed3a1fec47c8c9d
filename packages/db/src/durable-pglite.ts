import { fsyncSync, promises as fsp } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * Durable commits on PGlite in a data folder (docs/architecture.md §4, docs/security.md §4).
 *
 * PGlite starts PostgreSQL with `fsync=off` and mounts the data folder through Emscripten's NODEFS, whose
 * `fsync` does nothing: an acknowledged commit sits in the operating system's page cache and an OS crash
 * or power cut loses it. Two changes make a commit reach the disk before it is acknowledged:
 *
 * - PostgreSQL runs with `fsync=on`, and NODEFS's `fsync` calls the real `fsync(2)`. Checkpoints (when
 *   the WAL grows past `max_wal_size`, and at close) then sync the data files, pg_control and new WAL
 *   segments in PostgreSQL's own order before they drop old WAL, as on a PostgreSQL server.
 * - The commit's own WAL flush is left to the product. `wal_sync_method=fdatasync` is a no-op in the
 *   WebAssembly build, so PostgreSQL writes the commit record to the WAL file and answers; every write
 *   to a `pg_wal` file is noted, and every statement or transaction the product runs resolves only after
 *   the WAL written up to its end has been fdatasync'd. That sync runs in Node's thread pool, outside
 *   PGlite's query lock: commits that finish while one sync runs share the next one (group commit), and
 *   other queries go on meanwhile.
 *
 * A statement that wrote nothing resolves at once unless unsynced WAL exists, which it might have read;
 * then it waits for that sync as well, so no answer depends on a write that could still be lost. A sync
 * that fails (an I/O error) fails its callers and every later statement: PostgreSQL would PANIC, and the
 * health check answers 503 until the process is restarted (recovery replays what did reach the disk).
 */

/** Syncs one file's data to the disk (fdatasync); the default opens it by path. */
export type SyncFile = (path: string) => Promise<void>;

export interface DurabilityOptions {
  /** How a WAL file is synced; tests wrap the real one to watch the order of events. */
  syncFile?: SyncFile;
}

export const fdatasyncFile: SyncFile = async (path) => {
  let file: fsp.FileHandle;
  try {
    file = await fsp.open(path, 'r');
  } catch (error) {
    // A checkpoint removed or recycled the segment since: it synced everything before doing so.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
};

export class DurabilityError extends Error {
  constructor(cause: unknown) {
    super('The database could not sync its write-ahead log to the disk; restart the process.', { cause });
    this.name = 'DurabilityError';
  }
}

/**
 * Group commit over the WAL files written: `durable()` resolves once every WAL write made before it was
 * called is on the disk. One sync runs at a time; callers that arrive while it runs wait for the next,
 * which covers all of them.
 */
export class WalSync {
  private readonly dirty = new Set<string>();
  /** Writes noted so far, and how many of them the finished syncs cover. */
  private written = 0;
  private synced = 0;
  private running = false;
  private waiters: { target: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private failure: DurabilityError | undefined;
  /** Syncs started, for tests and the benchmark. */
  syncs = 0;

  constructor(private readonly syncFile: SyncFile = fdatasyncFile) {}

  noteWrite(path: string): void {
    this.dirty.add(path);
    this.written += 1;
  }

  get failed(): DurabilityError | undefined {
    return this.failure;
  }

  durable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const target = this.written;
    if (this.synced >= target) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ target, resolve, reject });
      this.start();
    });
  }

  /** Starts a sync of every file written so far, unless one runs: its waiters start the next. */
  private start(): void {
    if (this.running || this.waiters.length === 0) return;
    this.running = true;
    const covers = this.written;
    const paths = [...this.dirty];
    this.dirty.clear();
    this.syncs += 1;
    Promise.all(paths.map((path) => this.syncFile(path))).then(
      () => {
        this.synced = covers;
        const waiting = this.waiters;
        this.waiters = waiting.filter((waiter) => waiter.target > covers);
        for (const waiter of waiting) if (waiter.target <= covers) waiter.resolve();
        this.running = false;
        this.start();
      },
      (error: unknown) => {
        this.failure ??= new DurabilityError(error);
        const waiting = this.waiters;
        this.waiters = [];
        for (const waiter of waiting) waiter.reject(this.failure);
        this.running = false;
      },
    );
  }
}

/** Emscripten's NODEFS, as far as it is patched here. */
interface NodeFsModule {
  NODEFS: {
    realPath(node: unknown): string;
    tryFSOperation<T>(operation: () => T): T;
    stream_ops: {
      write(stream: EmscriptenStream, ...rest: unknown[]): number;
      fsync?: (stream: EmscriptenStream) => number;
    };
  };
}
interface EmscriptenStream {
  path: string;
  node: unknown;
  nfd?: number;
}

/** PGlite's NodeFS with a real fsync, noting every write to a WAL file. */
class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly wal: WalSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const { wal } = this;
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.push((module: unknown) => {
      const { NODEFS } = module as NodeFsModule;
      const ops = NODEFS.stream_ops;
      const write = ops.write;
      ops.write = function (stream, ...rest) {
        const written = write.call(this, stream, ...rest);
        if (stream.path.includes('/pg_wal/')) wal.noteWrite(NODEFS.realPath(stream.node));
        return written;
      };
      ops.fsync = (stream) =>
        NODEFS.tryFSOperation(() => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        });
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

/** PGlite's start parameters with `fsync` on and the commit's WAL flush left to WalSync. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'wal_sync_method=fdatasync',
  ];
}

const SYNCED_METHODS = new Set(['query', 'exec', 'sql', 'transaction']);

/**
 * The client every caller uses: `query`, `exec`, `sql` and `transaction` resolve only once the WAL they
 * wrote (or may have read) is on the disk. Everything else is PGlite's own.
 */
export function durableClient(client: PGlite, wal: WalSync): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && SYNCED_METHODS.has(property)) {
        return async (...args: unknown[]) => {
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          await wal.durable();
          return result;
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** Opens PGlite in a data folder with durable commits. */
export async function openDurablePglite(
  dataDir: string,
  options: Omit<PGliteOptions, 'dataDir' | 'fs' | 'startParams'> & DurabilityOptions,
): Promise<{ client: PGlite; wal: WalSync }> {
  const { syncFile, ...pgliteOptions } = options;
  const wal = new WalSync(syncFile);
  const raw = await PGlite.create({
    ...pgliteOptions,
    fs: new DurableNodeFS(dataDir, wal),
    startParams: durableStartParams(),
  });
  return { client: durableClient(raw, wal), wal };
}
