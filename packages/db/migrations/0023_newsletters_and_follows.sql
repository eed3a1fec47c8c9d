CREATE TABLE "newsletter_editions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"newsletter_id" text NOT NULL,
	"subject" text NOT NULL,
	"story_ids" text[] NOT NULL,
	"status" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"edition_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_sends_edition_id_user_id_pk" PRIMARY KEY("edition_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_signup_requests" (
	"email" text PRIMARY KEY NOT NULL,
	"newsletter_ids" text[] NOT NULL,
	"last_sent_at" timestamp with time zone,
	"confirmed_nonce" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"user_id" text NOT NULL,
	"newsletter_id" text NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_user_id_newsletter_id_pk" PRIMARY KEY("user_id","newsletter_id")
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"newsletter_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"author" text NOT NULL,
	"badges" text[] DEFAULT '{}'::text[] NOT NULL,
	"newsletter_group" text NOT NULL,
	"is_executive" boolean DEFAULT false NOT NULL,
	"is_professional" boolean DEFAULT false NOT NULL,
	"is_topic" boolean DEFAULT false NOT NULL,
	"is_visible_on_oms" boolean DEFAULT false NOT NULL,
	"is_preselected_on_oms" boolean DEFAULT false NOT NULL,
	"topic_slug" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"user_id" text NOT NULL,
	"follows_type" text NOT NULL,
	"follows_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follows_user_id_follows_type_follows_key_pk" PRIMARY KEY("user_id","follows_type","follows_key")
);
--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD CONSTRAINT "newsletter_editions_newsletter_id_newsletters_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("newsletter_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_edition_id_newsletter_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newsletter_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_newsletter_id_newsletters_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("newsletter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_newsletter_status_idx" ON "newsletter_subscriptions" USING btree ("newsletter_id","status");--> statement-breakpoint
CREATE INDEX "user_follows_type_key_idx" ON "user_follows" USING btree ("follows_type","follows_key");