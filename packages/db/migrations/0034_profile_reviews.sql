ALTER TABLE "person_profiles" ADD COLUMN "reviewed_version" integer;--> statement-breakpoint
ALTER TABLE "person_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "person_profiles" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "person_profiles" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "organisation_profiles" ADD COLUMN "reviewed_version" integer;--> statement-breakpoint
ALTER TABLE "organisation_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_profiles" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "organisation_profiles" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
UPDATE "person_profiles" SET "reviewed_version" = "published_version", "reviewed_at" = "published_at" WHERE "published_version" IS NOT NULL;--> statement-breakpoint
UPDATE "organisation_profiles" SET "reviewed_version" = "published_version", "reviewed_at" = "published_at" WHERE "published_version" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "person_profiles_awaiting_review" ON "person_profiles" USING btree ("published_at") WHERE "published_version" IS DISTINCT FROM "reviewed_version" AND "published_version" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "organisation_profiles_awaiting_review" ON "organisation_profiles" USING btree ("published_at") WHERE "published_version" IS DISTINCT FROM "reviewed_version" AND "published_version" IS NOT NULL;
