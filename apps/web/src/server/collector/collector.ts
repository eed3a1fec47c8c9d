import { createAnalyticsCollector, type AnalyticsCollectorService } from '@bof/api/analytics-collector';
import { getPlatform } from '@bof/api/platform';
import { createCollectorHandlers } from './collector-handlers';

let collector: Promise<AnalyticsCollectorService | null> | undefined;

/** The process's collector handlers, over the running platform. */
export const collectorHandlers = createCollectorHandlers({
  collector: () => {
    collector ??= getPlatform().then(
      (platform) => (platform.env.analytics.embeddedCollector ? createAnalyticsCollector(platform) : null),
      (error: unknown) => {
        collector = undefined;
        throw error;
      },
    );
    return collector;
  },
});
