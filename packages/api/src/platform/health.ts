import { DEPLOYMENT_ID } from '@bof/config/constants';
import { getPlatform } from './platform';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  deploymentId: string;
  database: 'ok' | 'unavailable';
}

/** Whether this process can serve: the platform started and the database answers a query. */
export async function checkHealth(): Promise<HealthReport> {
  let databaseOk = false;
  try {
    const platform = await getPlatform();
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
