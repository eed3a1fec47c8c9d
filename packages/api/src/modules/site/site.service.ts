import { APP_NAME, DEPLOYMENT_ID, type Environment } from '@bof/config/constants';

export interface SiteInfo {
  name: string;
  url: string;
  deploymentId: string;
  appName: string;
  environment: Environment;
}

/** The public facts about this deployment of the site. */
export function getSiteInfo(env: { siteName: string; siteUrl: string; environment: Environment }): SiteInfo {
  return {
    name: env.siteName,
    url: env.siteUrl,
    deploymentId: DEPLOYMENT_ID,
    appName: APP_NAME,
    environment: env.environment,
  };
}
