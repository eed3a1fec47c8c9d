import { afterAll } from 'vitest';

// Integration files keep their worker's modules from one file to the next (vitest.config.ts). The one
// thing a file can leave behind in the process is the services hand-over (packages/api/src/running-services.ts,
// a process global under this symbol): once the file is done, it names that file's closed services. Cleared
// after each file (this hook runs after the file's own), so route code in the next file finds no services
// until that file hands over its own, as in a process of its own.
const SERVICES_KEY = Symbol.for('bof.services');

afterAll(() => {
  delete (globalThis as Record<symbol, unknown>)[SERVICES_KEY];
});
