CREATE TABLE "academic_domain_rules" (
	"domain" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"institution" text,
	"changed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_graduation_notices" (
	"subscription_uuid" text NOT NULL,
	"renews_at" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone,
	"moved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_academic_data" ADD COLUMN "institution" text;--> statement-breakpoint
ALTER TABLE "user_academic_data" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_academic_data" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_graduation_notices" ADD CONSTRAINT "student_graduation_notices_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_graduation_notices_renewal" ON "student_graduation_notices" USING btree ("subscription_uuid","renews_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_academic_data_verified_email" ON "user_academic_data" USING btree ("email") WHERE "user_academic_data"."email_verified";