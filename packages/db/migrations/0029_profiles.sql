CREATE TABLE "person_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" text,
	"slug" text NOT NULL,
	"source" jsonb NOT NULL,
	"version" integer NOT NULL,
	"public" jsonb,
	"public_slug" text,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"public_name_key" text,
	"public_category" text,
	"public_country" text,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text,
	"slug" text NOT NULL,
	"source" jsonb NOT NULL,
	"version" integer NOT NULL,
	"public" jsonb,
	"public_slug" text,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"public_title_key" text,
	"featured_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"thumbnail" text,
	"assets" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_collections" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_collection_entries" (
	"collection_slug" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "profile_collection_entries_collection_slug_profile_id_year_pk" PRIMARY KEY("collection_slug","profile_id","year")
);
--> statement-breakpoint
ALTER TABLE "organisation_profiles" ADD CONSTRAINT "organisation_profiles_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_projects" ADD CONSTRAINT "profile_projects_profile_id_organisation_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."organisation_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_collection_entries" ADD CONSTRAINT "profile_collection_entries_collection_slug_profile_collections_slug_fk" FOREIGN KEY ("collection_slug") REFERENCES "public"."profile_collections"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_collection_entries" ADD CONSTRAINT "profile_collection_entries_profile_id_person_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."person_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "person_profiles_slug" ON "person_profiles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "person_profiles_public_slug" ON "person_profiles" USING btree ("public_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "person_profiles_owner" ON "person_profiles" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "person_profiles_public_name_trgm" ON "person_profiles" USING gin ("public_name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "person_profiles_public_category" ON "person_profiles" USING btree ("public_category");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_profiles_slug" ON "organisation_profiles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_profiles_public_slug" ON "organisation_profiles" USING btree ("public_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_profiles_account" ON "organisation_profiles" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_projects_profile_slug" ON "profile_projects" USING btree ("profile_id","slug");--> statement-breakpoint
CREATE INDEX "profile_projects_profile_position" ON "profile_projects" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profile_collection_entries_year_category" ON "profile_collection_entries" USING btree ("collection_slug","year","category");
