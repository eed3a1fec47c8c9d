import type { Services } from './services';

export class ServicesNotStartedError extends Error {
  readonly code = 'services_not_started';
  constructor() {
    super('The product has not been started: run the site with `npm start` or `npm run dev`.');
  }
}

// The one hand-over between the server entry, which builds the services, and the route code Next.js
// bundles: two module graphs in one process. Kept on globalThis under one registered symbol, so both
// graphs see the same services (a PGlite data folder may be opened only once). Errors the services throw
// are recognised by their code in the other graph (errors/result-errors.ts), never by their class.
const KEY = Symbol.for('bof.services');
type Holder = { [KEY]?: Promise<Services> };
const holder = globalThis as Holder;

/** Hands the process's services to route code; called once, by the server entry. */
export function serveServices(services: Promise<Services>): void {
  holder[KEY] = services;
}

/** The process's services, as the server entry built them. */
export function runningServices(): Promise<Services> {
  return holder[KEY] ?? Promise.reject(new ServicesNotStartedError());
}

/**
 * Forgets the services handed over, without closing them (their owner has): for a test process that runs
 * one file after another, so the next file's route code never meets the last one's closed services.
 */
export function forgetServices(): void {
  delete holder[KEY];
}

/** Closes the process's services (the database flushes its folder); route code then has none. */
export async function stopServices(): Promise<void> {
  const running = holder[KEY];
  if (!running) return;
  delete holder[KEY];
  const services = await running.catch(() => undefined);
  await services?.close();
}
