CREATE TABLE "job_listings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"employer_profile_id" uuid NOT NULL REFERENCES "organisation_profiles"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"location" text NOT NULL,
	"workplace" text NOT NULL,
	"job_function" text NOT NULL,
	"job_industry" text NOT NULL,
	"job_level" text NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text,
	"closes_at" timestamp with time zone NOT NULL,
	"description_html" text NOT NULL,
	"apply_url" text,
	"apply_email" text,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"submitted_by" text NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejected_reason" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_listings_workplace" CHECK ("workplace" IN ('REMOTE', 'HYBRID', 'ON_SITE')),
	CONSTRAINT "job_listings_status" CHECK ("status" IN ('pending', 'published', 'rejected')),
	CONSTRAINT "job_listings_apply" CHECK (("apply_url" IS NULL) <> ("apply_email" IS NULL)),
	CONSTRAINT "job_listings_salary" CHECK ("salary_min" IS NULL OR "salary_max" IS NULL OR "salary_min" <= "salary_max")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_listings_slug" ON "job_listings" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "job_listings_feed_id" ON "job_listings" USING btree ("source","external_id");
--> statement-breakpoint
CREATE INDEX "job_listings_board" ON "job_listings" USING btree ("status","closes_at");
--> statement-breakpoint
CREATE INDEX "job_listings_employer" ON "job_listings" USING btree ("employer_profile_id","created_at");
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"user_id" text NOT NULL,
	"job_id" uuid NOT NULL REFERENCES "job_listings"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"workplace" text,
	"job_function" text,
	"job_industry" text,
	"job_level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_alerts_user" ON "job_alerts" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "job_alert_sends" (
	"alert_id" uuid NOT NULL REFERENCES "job_alerts"("id") ON DELETE CASCADE,
	"job_id" uuid NOT NULL REFERENCES "job_listings"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alert_sends_alert_id_job_id_pk" PRIMARY KEY("alert_id","job_id")
);
