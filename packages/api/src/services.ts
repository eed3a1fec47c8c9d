import type { BillingProvider } from '@bof/billing/billing-provider';
import {
  createAnalyticsCollector,
  type AnalyticsCollector,
} from './modules/analytics-collector/analytics-collector.module';
import { createAccessModule, type AccessModule } from './modules/access/access.module';
import { createBillingModule, type BillingModule } from './modules/billing/billing.module';
import { createContactService, type ContactService } from './modules/contact/contact.module';
import { contentServiceFor, type ContentService } from './modules/content/content.module';
import { illustrationFilesFor, type IllustrationFiles } from './modules/content/illustration-file';
import type { Mailer } from './modules/email-change/email-change-mail';
import { createEmailChange, type EmailChangePorts } from './modules/email-change/email-change.module';
import type { EmailChangeDeps } from './modules/email-change/email-change.service';
import { createKratosIdentitySessions, type IdentitySessions } from './modules/session/identity-sessions';
import { createSessionModule, type SessionModule } from './modules/session/session.module';
import { createReferenceRepo } from './modules/reference/reference.repo';
import { createReferenceService, type ReferenceService } from './modules/reference/reference.service';
import { createFollowsModule, type FollowsService } from './modules/follows/follows.module';
import {
  createNewsletterSendingModule,
  createNewslettersModule,
  type NewsletterSending,
  type NewslettersService,
} from './modules/newsletters/newsletters.module';
import { createPersonalDetails, type PersonalDetails } from './modules/viewer/personal-details.module';
import type { Jobs } from './platform/jobs/jobs';
import { createPgBossJobs } from './platform/jobs/pg-boss-jobs';
import type { Platform } from './platform/platform';

/**
 * Every module of the running product, built once. The server entry builds them (createServices) and
 * hands them to route code (running-services.ts); the GraphQL context, route handlers, pages and CLIs
 * read their module from here. Nothing else builds a module.
 */
export interface Services extends Platform {
  /** The identity server's courier: SMTP, or the outbox at `/_dev/mail/` on the embedded defaults. */
  courier: Mailer;
  /** The background job queue (pg-boss in the product's database, ADR 24). */
  jobs: Jobs;
  billing: BillingModule;
  sessions: SessionModule;
  access: AccessModule;
  content: ContentService;
  /** Story illustrations as PNG and SVG files, served only while a story uses them. */
  illustrations: IllustrationFiles;
  contact: ContactService;
  /** The newsletter catalogue and readers' subscriptions. */
  newsletters: NewslettersService;
  /** Composes newsletter editions and delivers them through the job queue. */
  newsletterSending: NewsletterSending;
  /** What readers follow (authors, sections, topics, profiles). */
  follows: FollowsService;
  personalDetails: PersonalDetails;
  reference: ReferenceService;
  /** Null when no identity admin API is reachable: e-mail changes are then unavailable. */
  emailChange: EmailChangeDeps | null;
  /** The embedded analytics collector's storage; null when events go to an outside collector. */
  analyticsCollector: AnalyticsCollector | null;
  /** Stops the modules' timers and closes the database. */
  close(): Promise<void>;
}

/** What the modules reach outside the product through: the composition root's caller supplies them. */
export interface ServicePorts extends Omit<EmailChangePorts, 'mailer'> {
  courier: Mailer;
  /**
   * Stands in for the identity provider's public API at sign-in (tests). Without it, sign-in asks the
   * `identityPublic` handler when one is given, IDENTITY_BASE_URL over HTTP otherwise.
   */
  identitySessions?: IdentitySessions;
  /** Stands in for the configured billing provider (tests: an outage, recorded Recurly answers). */
  billingProvider?: BillingProvider;
  /** How often the access index looks for content changes (tests slow it down). */
  accessIndexPollMs?: number;
  /** Whether this process runs the job queue's scheduler (one per deployment); default yes. */
  jobScheduler?: boolean;
}

/**
 * The composition root: builds every module in dependency order over an open platform. A new module is
 * one line here (and its folder under modules/, and one line in schema.ts if it has a schema).
 */
export async function createServices(platform: Platform, ports: ServicePorts): Promise<Services> {
  const { env, db } = platform;
  const { identityPublic } = ports;
  const identitySessions =
    ports.identitySessions ??
    (identityPublic
      ? createKratosIdentitySessions({
          baseUrl: env.identityBaseUrl,
          fetch: (input, init) => identityPublic(new Request(input, init)),
        })
      : undefined);
  const billing = createBillingModule(
    platform,
    ports.billingProvider ? { provider: ports.billingProvider } : {},
  );
  const sessions = await createSessionModule(
    platform,
    { billing },
    identitySessions ? { identity: identitySessions } : {},
  );
  const access = await createAccessModule(platform, { sessions }, { indexPollMs: ports.accessIndexPollMs });
  const jobs = await createPgBossJobs(platform.database, { scheduler: ports.jobScheduler ?? true });
  const content = contentServiceFor(db);
  const newsletterSending = createNewsletterSendingModule(platform, {
    jobs,
    courier: ports.courier,
    content,
    secret: sessions.paywallSecret,
  });
  return {
    ...platform,
    courier: ports.courier,
    jobs,
    billing,
    sessions,
    access,
    content,
    illustrations: illustrationFilesFor(db),
    contact: createContactService(platform, ports.courier),
    newsletters: createNewslettersModule(platform, { secret: sessions.paywallSecret }),
    newsletterSending,
    follows: createFollowsModule(platform, { content }),
    personalDetails: createPersonalDetails(db),
    reference: createReferenceService({ repo: createReferenceRepo(db) }),
    emailChange: createEmailChange(platform, { ...ports, mailer: ports.courier }),
    analyticsCollector: env.analytics.embeddedCollector ? createAnalyticsCollector(platform) : null,
    async close() {
      access.stop();
      await jobs.stop();
      await platform.database.close();
    },
  };
}
