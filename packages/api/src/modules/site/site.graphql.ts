import { builder } from '../../builder';
import { getSiteInfo, type SiteInfo } from './site.service';

const SiteInfoType = builder.objectRef<SiteInfo>('SiteInfo').implement({
  description: 'Public facts about this deployment of the site.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The site name shown in every page title.' }),
    url: t.exposeString('url', { description: 'The site base address, without a trailing slash.' }),
    deploymentId: t.exposeString('deploymentId'),
    appName: t.exposeString('appName'),
    environment: t.exposeString('environment'),
  }),
});

builder.queryField('siteInfo', (t) =>
  t.field({
    type: SiteInfoType,
    resolve: (_root, _args, ctx) => getSiteInfo(ctx.services.env),
  }),
);
