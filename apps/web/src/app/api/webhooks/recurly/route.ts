import { runningServices } from '@bof/api/running-services';
import { createRecurlyWebhookHandler } from './webhook-handler';

export const dynamic = 'force-dynamic';

/** Recurly webhooks (webhook-handler.ts). */
export const POST = createRecurlyWebhookHandler({
  billing: async () => (await runningServices()).billing,
});
