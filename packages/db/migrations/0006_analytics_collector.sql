CREATE TABLE "analytics_bad_rows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reason_code" text NOT NULL,
	"reason" jsonb NOT NULL,
	"schema" text,
	"payload" jsonb NOT NULL,
	"collected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"schema" text,
	"app_id" text,
	"user_id" text,
	"domain_user_id" text,
	"session_id" text,
	"page_url" text,
	"device_created_at" timestamp with time zone,
	"collected_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_bad_rows_collected_at_idx" ON "analytics_bad_rows" USING btree ("collected_at");--> statement-breakpoint
CREATE INDEX "analytics_events_collected_at_idx" ON "analytics_events" USING btree ("collected_at");--> statement-breakpoint
CREATE INDEX "analytics_events_schema_idx" ON "analytics_events" USING btree ("schema");