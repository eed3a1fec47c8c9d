CREATE TABLE "company_ownership" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_ownership_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "company_ownership_key_unique" UNIQUE("key"),
	CONSTRAINT "company_ownership_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "company_sizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "company_sizes_key_unique" UNIQUE("key"),
	CONSTRAINT "company_sizes_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "company_types_key_unique" UNIQUE("key"),
	CONSTRAINT "company_types_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "countries_key_unique" UNIQUE("key"),
	CONSTRAINT "countries_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "job_functions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_functions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "job_functions_key_unique" UNIQUE("key"),
	CONSTRAINT "job_functions_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "job_industries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_industries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "job_industries_key_unique" UNIQUE("key"),
	CONSTRAINT "job_industries_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "job_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "job_levels_key_unique" UNIQUE("key"),
	CONSTRAINT "job_levels_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "job_titles_key_unique" UNIQUE("key"),
	CONSTRAINT "job_titles_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "person_profile_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "person_profile_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "person_profile_categories_key_unique" UNIQUE("key"),
	CONSTRAINT "person_profile_categories_position_unique" UNIQUE("position")
);
