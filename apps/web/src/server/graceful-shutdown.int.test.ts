import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { createServices, type Services } from '@bof/api/services';
import { startPlatform } from '@bof/api/start-platform';
import { gracefulShutdown } from './graceful-shutdown';

const quiet = { log: () => undefined, error: () => undefined };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// The services the server under test runs on: the shutdown closes them, as the server entry closes its own.
let running: Services | undefined;
async function stopRunning() {
  await running?.close();
  running = undefined;
}

/** The product on PGlite in `dataDir`; a request's write is a note kept by the embedded collector. */
async function productIn(dataDir: string) {
  const platform = await startPlatform(parseServerEnv({ DATA_DIR: dataDir }));
  running = await createServices(platform, { courier: { send: async () => undefined } });
  const collector = running.analyticsCollector!;
  return {
    write: (note: string) =>
      collector.record({
        good: [],
        bad: [{ code: 'shutdown_note', schema: null, problems: [], payload: note }],
      }),
    notes: async () =>
      (await collector.recentBadRows())
        .filter((row) => row.reasonCode === 'shutdown_note')
        .map((row) => JSON.parse(row.payload) as string),
  };
}

/** A server whose requests write a row once `release()` is called, then answer 200. */
async function slowServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-shutdown-'));
  folders.push(dataDir);
  const product = await productIn(dataDir);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((_req, res) => {
    arrived();
    void released.then(async () => {
      await product.write('in flight at shutdown');
      res.end('done');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, product, dataDir, release, inFlight, port: (server.address() as AddressInfo).port };
}

function get(port: number): Promise<IncomingMessage & { body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(Object.assign(res, { body })));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a new start of the product on the same folder finds. */
async function rows(dataDir: string): Promise<string[]> {
  const reopened = await productIn(dataDir);
  try {
    return await reopened.notes();
  } finally {
    await stopRunning();
  }
}

/** The server entry's shutdown, closing the platform as it does. */
function shutdownOf(server: Server, timeoutMs: number) {
  const events: string[] = [];
  const shutdown = gracefulShutdown(server, {
    timeoutMs,
    close: async () => {
      events.push('close');
      await stopRunning();
    },
    exit: (code) => events.push(`exit ${code}`),
    log: quiet,
  });
  return { shutdown, events };
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new ones, then closes the database and exits 0', async () => {
    const { server, dataDir, release, inFlight, port } = await slowServer();
    const { shutdown, events } = shutdownOf(server, 10_000);
    const pending = get(port);
    await inFlight;

    const stopped = shutdown('SIGTERM');
    void shutdown('SIGINT'); // a second signal changes nothing
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    expect(events).toEqual([]);

    release();
    const response = await pending;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('done');
    await stopped;
    expect(events).toEqual(['close', 'exit 0']);
    expect(await rows(dataDir)).toEqual(['in flight at shutdown']);
  });

  it('stops after the timeout when a request never finishes, still closing the database', async () => {
    const { server, product, dataDir, port, inFlight } = await slowServer();
    await product.write('committed before');
    const { shutdown, events } = shutdownOf(server, 200);
    const pending = get(port).catch((error: Error) => error);
    await inFlight;

    await shutdown('SIGTERM');
    expect(events).toEqual(['close', 'exit 1']);
    expect(await pending).toBeInstanceOf(Error); // the hung request was cut off
    expect(await rows(dataDir)).toEqual(['committed before']);
  });
});
