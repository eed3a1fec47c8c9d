ALTER TABLE "organisation_subscriptions" ADD COLUMN "unit_amount" integer;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD COLUMN "is_in_dunning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD COLUMN "request_digest" text;
