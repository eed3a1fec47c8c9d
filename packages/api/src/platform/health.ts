import { DEPLOYMENT_ID } from '@bof/config/constants';
import type { Platform } from './platform';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  deploymentId: string;
  database: 'ok' | 'unavailable';
}

/** Whether this process can serve: the product started and its database answers a query. */
export async function checkHealth(running: () => Promise<Pick<Platform, 'database'>>): Promise<HealthReport> {
  let databaseOk = false;
  try {
    const platform = await running();
    databaseOk = await platform.database.ping();
  } catch {
    databaseOk = false;
  }
  return {
    status: databaseOk ? 'ok' : 'unavailable',
    deploymentId: DEPLOYMENT_ID,
    database: databaseOk ? 'ok' : 'unavailable',
  };
}
