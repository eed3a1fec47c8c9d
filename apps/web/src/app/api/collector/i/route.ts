import { collectorHandlers } from '../../../../server/collector/collector';

export const dynamic = 'force-dynamic';

/** The tracker's GET pixel path (`/i`): one event in the query string. */
export function GET(request: Request): Promise<Response> {
  return collectorHandlers.pixel(request);
}
