CREATE TABLE "newsletter_signup_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_signup_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "intro" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "edited_by" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "edited_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "last_digest_at" timestamp with time zone;
