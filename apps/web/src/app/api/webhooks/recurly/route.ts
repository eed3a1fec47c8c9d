import { getBillingModule } from '@bof/api/billing';
import { getPlatform } from '@bof/api/platform';
import { createRecurlyWebhookHandler } from './webhook-handler';

export const dynamic = 'force-dynamic';

/** Recurly webhooks (webhook-handler.ts). */
export const POST = createRecurlyWebhookHandler({
  billing: async () => getBillingModule(await getPlatform()),
});
