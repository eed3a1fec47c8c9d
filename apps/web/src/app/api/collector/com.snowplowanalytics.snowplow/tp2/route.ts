import { collectorHandlers } from '../../../../../server/collector/collector';

export const dynamic = 'force-dynamic';

/** The tracker's POST path (`/com.snowplowanalytics.snowplow/tp2`): a batch of events. */
export function POST(request: Request): Promise<Response> {
  return collectorHandlers.post(request);
}
