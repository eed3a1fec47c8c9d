import { afterAll } from 'vitest';
import { forgetServices } from '@bof/api/running-services';

// Integration files keep their worker's modules from one file to the next (vitest.config.ts). The one
// thing a file can leave behind in the process is the services hand-over (running-services.ts, a process
// global): once the file is done, it names that file's closed services. Forgotten after each file (this
// hook runs after the file's own), so route code in the next file finds no services until that file hands
// over its own, as in a process of its own.
afterAll(() => forgetServices());
