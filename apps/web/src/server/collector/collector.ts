import { runningServices } from '@bof/api/running-services';
import { createCollectorHandlers } from './collector-handlers';

/** The process's collector handlers, over the running product's embedded collector (null when off). */
export const collectorHandlers = createCollectorHandlers({
  collector: async () => (await runningServices()).analyticsCollector,
});
