CREATE TABLE "organisation_account_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain" text NOT NULL,
	"creator_user_id" text NOT NULL,
	"verified_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabler_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_account_users" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"primary_contact_email" text NOT NULL,
	"membership_type" text NOT NULL,
	"membership_level" text NOT NULL,
	"plan_code" text,
	"purchased_seats" integer NOT NULL,
	"allocated_seats" integer DEFAULT 0 NOT NULL,
	"access_ends_at" timestamp with time zone NOT NULL,
	"allows_group_addresses" boolean DEFAULT true NOT NULL,
	"company_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_accounts_seats_within_purchase" CHECK ("organisation_accounts"."allocated_seats" <= "organisation_accounts"."purchased_seats"),
	CONSTRAINT "organisation_accounts_seats_not_negative" CHECK ("organisation_accounts"."allocated_seats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organisation_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"plan_code" text NOT NULL,
	"currency" text NOT NULL,
	"seats" integer NOT NULL,
	"item_price" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"tax_info" jsonb NOT NULL,
	"state" text NOT NULL,
	"current_period_ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_account_domains" ADD CONSTRAINT "organisation_account_domains_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_account_users" ADD CONSTRAINT "organisation_account_users_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_subscriptions" ADD CONSTRAINT "organisation_subscriptions_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_domains_enabled" ON "organisation_account_domains" USING btree ("domain") WHERE "organisation_account_domains"."disabled_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_account_domains_account" ON "organisation_account_domains" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_users_account_email" ON "organisation_account_users" USING btree ("account_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_users_account_user" ON "organisation_account_users" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "organisation_account_users_user" ON "organisation_account_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_account_users_email" ON "organisation_account_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "organisation_accounts_owner" ON "organisation_accounts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "organisation_subscriptions_account" ON "organisation_subscriptions" USING btree ("account_id");