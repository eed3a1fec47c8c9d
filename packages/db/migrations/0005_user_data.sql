CREATE TABLE "quilt_beta_testers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_academic_data" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_code_hash" text,
	"email_verified_date_time" timestamp with time zone,
	"graduation_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_data" (
	"user_id" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"country" text,
	"job_function" text,
	"job_industry" text,
	"job_level" text,
	"organisation_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quilt_beta_testers" ADD CONSTRAINT "quilt_beta_testers_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_academic_data" ADD CONSTRAINT "user_academic_data_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data" ADD CONSTRAINT "user_data_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_data" ADD CONSTRAINT "user_data_country_countries_key_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_data" ADD CONSTRAINT "user_data_job_function_job_functions_key_fk" FOREIGN KEY ("job_function") REFERENCES "public"."job_functions"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_data" ADD CONSTRAINT "user_data_job_industry_job_industries_key_fk" FOREIGN KEY ("job_industry") REFERENCES "public"."job_industries"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_data" ADD CONSTRAINT "user_data_job_level_job_levels_key_fk" FOREIGN KEY ("job_level") REFERENCES "public"."job_levels"("key") ON DELETE no action ON UPDATE cascade;