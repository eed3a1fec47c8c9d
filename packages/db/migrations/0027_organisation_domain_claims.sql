ALTER TABLE "organisation_account_domains" ADD COLUMN "verification_email" text;--> statement-breakpoint
ALTER TABLE "organisation_account_domains" ADD COLUMN "verification_sent_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX IF EXISTS "organisation_account_domains_enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_domains_enabled" ON "organisation_account_domains" USING btree ("domain") WHERE "organisation_account_domains"."disabled_at" is null and "organisation_account_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_domains_account_domain" ON "organisation_account_domains" USING btree ("account_id","domain") WHERE "organisation_account_domains"."disabled_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_account_users_email_trgm" ON "organisation_account_users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "user_data_name_trgm" ON "user_data" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WITH (fastupdate=off);
