CREATE TABLE "billing_purchases" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_code" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"subscription_uuid" text,
	"message" text,
	"amount_charged" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_simulator_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"account_code" text,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_simulator_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"uuid" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_code" text NOT NULL,
	"plan_code" text NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"current_period_started_at" timestamp with time zone NOT NULL,
	"current_period_ends_at" timestamp with time zone NOT NULL,
	"current_term_ends_at" timestamp with time zone NOT NULL,
	"is_in_dunning" boolean DEFAULT false NOT NULL,
	"active_invoice_id" text,
	"coupon_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancellation_reason" text,
	"cancellation_reason_other" text,
	"discount_redeemed_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"subscription_uuid" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "billing_simulator_records_account" ON "billing_simulator_records" USING btree ("kind","account_code");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user" ON "billing_subscriptions" USING btree ("user_id");