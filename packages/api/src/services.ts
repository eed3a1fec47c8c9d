import type { BillingProvider } from '@bof/billing/billing-provider';
import {
  createAnalyticsCollector,
  type AnalyticsCollector,
} from './modules/analytics-collector/analytics-collector.module';
import { createAccessModule, type AccessModule } from './modules/access/access.module';
import { createBillingModule, type BillingModule } from './modules/billing/billing.module';
import { createContactService, type ContactService } from './modules/contact/contact.module';
import { contentServiceFor, type ContentService } from './modules/content/content.module';
import { cacheListsUntilChanged } from './modules/content/list-cache';
import { illustrationFilesFor, type IllustrationFiles } from './modules/content/illustration-file';
import type { Mailer } from './modules/email-change/email-change-mail';
import {
  createEmailChange,
  identityAdminFor,
  type EmailChangePorts,
} from './modules/email-change/email-change.module';
import type { EmailChangeDeps } from './modules/email-change/email-change.service';
import { createMediaModule, type MediaService } from './modules/media/media.module';
import { createDailyBriefDesk, type DailyBriefDesk } from './modules/newsletters/daily-brief-desk';
import { createNewsroomModule, type NewsroomModule } from './modules/newsroom/newsroom.module';
import {
  createInProcessIdentitySessions,
  createKratosIdentitySessions,
  type IdentitySessions,
} from './modules/session/identity-sessions';
import { createSessionModule, type SessionModule } from './modules/session/session.module';
import {
  createOrganisationsModule,
  type OrganisationsModule,
} from './modules/organisations/organisations.module';
import { searchServiceFor, type SearchService } from './modules/search/search.module';
import { createReferenceRepo } from './modules/reference/reference.repo';
import { createReferenceService, type ReferenceService } from './modules/reference/reference.service';
import { createStudentsModule, type StudentsModule } from './modules/students/students.module';
import { createPersonalDetails, type PersonalDetails } from './modules/viewer/personal-details.module';
import { createFollowsModule, type FollowsService } from './modules/follows/follows.module';
import { createProfilesModule, type ProfilesModule } from './modules/profiles/profiles.module';
import { createEventsModule, type EventsModule } from './modules/events/events.module';
import { createJobsModule, type JobsModule } from './modules/jobs/jobs.module';
import {
  createNotificationsModule,
  type NotificationsModule,
} from './modules/notifications/notifications.module';
import {
  createNewsletterSendingModule,
  createNewsletterSignUpModule,
  createNewslettersModule,
  type NewsletterSending,
  type NewsletterSignUp,
  type NewslettersService,
} from './modules/newsletters/newsletters.module';
import type { Jobs } from './platform/jobs/jobs';
import { createPgBossJobs } from './platform/jobs/pg-boss-jobs';
import {
  announceContentChange,
  openContentChangeFeed,
  type ContentChangeFeed,
} from './platform/content-changes';
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
  /** Organisation accounts: seats, users and roles. */
  organisations: OrganisationsModule;
  content: ContentService;
  /** Story illustrations as PNG and SVG files, served only while a story uses them. */
  illustrations: IllustrationFiles;
  contact: ContactService;
  /** Student memberships: academic address verification, the student purchase, graduation handling. */
  students: StudentsModule;
  /** The newsletter catalogue and readers' subscriptions. */
  newsletters: NewslettersService;
  /** Composes newsletter editions and delivers them through the job queue. */
  newsletterSending: NewsletterSending;
  /** The newsroom's daily brief desk: the upcoming brief, edited by editors before its send. */
  dailyBriefDesk: DailyBriefDesk;
  /** Anonymous newsletter sign-ups: the confirmation e-mail, and confirming (double opt-in). */
  newsletterSignUp: NewsletterSignUp;
  /** What readers follow (authors, sections, topics, profiles). */
  follows: FollowsService;
  /** Person and organisation profiles, their projects, and collections such as the BoF 500. */
  profiles: ProfilesModule;
  /** Events, their ticket sales, orders, check-in at the door and refunds. */
  events: EventsModule;
  /** The careers board: job listings, employers' postings and approvals, saved jobs and job alerts. */
  careers: JobsModule;
  /** Web Push notifications: readers' subscriptions and switches, new stories they follow, breaking news. */
  notifications: NotificationsModule;
  /** Search over the index, and cited answers (extractive, or the configured model's). */
  search: SearchService;
  personalDetails: PersonalDetails;
  reference: ReferenceService;
  /** Null when no identity admin API is reachable: e-mail changes are then unavailable. */
  emailChange: EmailChangeDeps | null;
  /** The embedded analytics collector's storage; null when events go to an outside collector. */
  analyticsCollector: AnalyticsCollector | null;
  /** The newsroom: staff, stories being written, revisions, scheduling and the audit log. */
  newsroom: NewsroomModule;
  /** Uploaded photos: checked, re-encoded and stored (DATA_DIR on the embedded defaults). */
  media: MediaService;
  /**
   * Content changes announced by any process (content_changes). The access index reloads on each; the
   * server entry empties the story page cache's pages of the stories named. `ready` settles once the
   * feed first tried to listen.
   */
  contentChanges: ContentChangeFeed & { ready: Promise<void> };
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
  /**
   * The built-in identity server's whoami in this process, without a request (`identityPublic` still
   * answers the rest): the check on every signed-in request that the identity session lives.
   */
  identityWhoami?: (cookieHeader: string) => Promise<{ body: string } | null>;
  /** Stands in for the configured billing provider (tests: an outage, recorded Recurly answers). */
  billingProvider?: BillingProvider;
  /** How often the access index looks for content changes (tests slow it down). */
  accessIndexPollMs?: number;
  /** Whether this process runs the job queue's scheduler (one per deployment); default yes. */
  jobScheduler?: boolean;
  /** How often this process looks for scheduled stories that are due (tests speed it up; 0 turns it off). */
  newsroomSweepMs?: number;
}

/**
 * The composition root: builds every module in dependency order over an open platform. A new module is
 * one line here (and its folder under modules/, and one line in schema.ts if it has a schema).
 */
export async function createServices(platform: Platform, ports: ServicePorts): Promise<Services> {
  const { env, db } = platform;
  const { identityPublic, identityWhoami } = ports;
  const overPublicApi = identityPublic
    ? createKratosIdentitySessions({
        baseUrl: env.identityBaseUrl,
        fetch: (input, init) => identityPublic(new Request(input, init)),
      })
    : undefined;
  const identitySessions =
    ports.identitySessions ??
    (overPublicApi && identityWhoami
      ? createInProcessIdentitySessions({ whoami: identityWhoami, others: overPublicApi })
      : overPublicApi);
  const billing = createBillingModule(
    platform,
    ports.billingProvider ? { provider: ports.billingProvider } : {},
  );
  const organisations = createOrganisationsModule(platform, ports.courier, {
    billing,
    // Read when a domain verification link is signed, after the session module below exists.
    secret: () => sessions.paywallSecret,
  });
  const sessions = await createSessionModule(
    platform,
    { billing },
    {
      ...(identitySessions ? { identity: identitySessions } : {}),
      // The better of the reader's individual and organisation memberships.
      membershipOf: (userId, reader) => organisations.membershipClaims(billing, userId, reader),
    },
  );
  const access = await createAccessModule(platform, { sessions }, { indexPollMs: ports.accessIndexPollMs });
  const profiles = createProfilesModule(platform, { organisations });
  const newsroom = createNewsroomModule(platform, {
    announce: (repo, change) => announceContentChange(repo.db, change),
    profileReviews: profiles.reviews,
    sweepMs: ports.newsroomSweepMs,
    // Read when a story first goes live, after the notifications module below exists.
    firstPublished: (articleId) => notifications.storyPublished(articleId),
  });
  const contentChanges = openContentChangeFeed(platform);
  // Another process imported or edited stories: the access index reloads now rather than at its next poll.
  contentChanges.subscribe(() => {
    access.index
      .refresh()
      .catch((error: unknown) => console.error('Reloading the access index failed', error));
  });
  const students = createStudentsModule(platform, { billing, mailer: ports.courier });
  // The lists every reader sees alike are composed once per content change, not once per request.
  const content = cacheListsUntilChanged(contentServiceFor(db), contentChanges);
  const jobs = await createPgBossJobs(platform.database, { scheduler: ports.jobScheduler ?? true });
  const follows = createFollowsModule(platform, { content, profiles });
  const notifications = createNotificationsModule(platform, {
    jobs,
    requireEditor: (viewer) => newsroom.requireStaff(viewer, 'publish'),
  });
  const newsletterSending = createNewsletterSendingModule(platform, {
    jobs,
    courier: ports.courier,
    content,
    secret: sessions.paywallSecret,
    followedStoriesSince: async (userId, since, limit) =>
      (await follows.stories({ userId }, 1, { since, pageSize: limit })).stories,
  });
  return {
    ...platform,
    courier: ports.courier,
    jobs,
    billing,
    sessions,
    access,
    organisations,
    students,
    content,
    illustrations: illustrationFilesFor(db),
    contact: createContactService(platform, ports.courier),
    newsletters: createNewslettersModule(platform, { secret: sessions.paywallSecret }),
    newsletterSending,
    dailyBriefDesk: createDailyBriefDesk({ sending: newsletterSending, staffOf: newsroom.staffOf }),
    newsletterSignUp: createNewsletterSignUpModule(platform, {
      courier: ports.courier,
      secret: sessions.paywallSecret,
      identityAdmin: identityAdminFor(platform, ports),
    }),
    follows,
    notifications,
    profiles,
    events: createEventsModule(platform, {
      billing,
      profiles,
      mailer: ports.courier,
      secret: () => sessions.paywallSecret,
    }),
    careers: createJobsModule(platform, { organisations, staffOf: newsroom.staffOf, courier: ports.courier }),
    search: searchServiceFor(db, { aiAnswers: env.aiAnswers }),
    personalDetails: createPersonalDetails(db),
    reference: createReferenceService({ repo: createReferenceRepo(db) }),
    emailChange: createEmailChange(platform, { ...ports, mailer: ports.courier }),
    analyticsCollector: env.analytics.embeddedCollector ? createAnalyticsCollector(platform) : null,
    newsroom,
    media: createMediaModule(platform),
    contentChanges,
    async close() {
      access.stop();
      newsroom.stop();
      students.stop();
      await jobs.stop();
      await contentChanges.close();
      await billing.settle();
      await platform.database.close();
    },
  };
}
