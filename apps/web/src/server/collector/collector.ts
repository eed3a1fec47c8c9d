import { runningServices } from '@bof/api/running-services';
import { CLIENT_ADDRESS_HEADER, clientIp } from '@bof/http/client-ip';
import { createClientRateLimiter, type ClientRateLimiter } from './collector-rate-limit';
import { createCollectorHandlers } from './collector-handlers';

let limiter: ClientRateLimiter | undefined;

/**
 * The process's collector handlers, over the running product's embedded collector (null when off), with
 * one token bucket per client address (COLLECTOR_RATE_LIMIT_*). The address is the socket's peer;
 * X-Forwarded-For counts only through IDENTITY_TRUSTED_PROXIES, as everywhere in the product.
 */
export const collectorHandlers = createCollectorHandlers({
  collector: async () => (await runningServices()).analyticsCollector,
  rateLimit: async () => {
    const { env } = await runningServices();
    limiter ??= createClientRateLimiter(env.analytics.collectorRateLimit);
    return {
      limiter,
      clientOf: (request) =>
        clientIp({
          socketAddress: request.header(CLIENT_ADDRESS_HEADER),
          forwardedFor: request.header('x-forwarded-for'),
          trustedProxies: env.identity.trustedProxies,
        }) ?? 'unknown',
    };
  },
});
