CREATE TABLE "newsroom_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsroom_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsroom_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsroom_media_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "newsroom_presence" (
	"story_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsroom_presence_story_id_user_id_pk" PRIMARY KEY("story_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "newsroom_revisions" (
	"story_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"record" jsonb NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsroom_revisions_story_id_revision_pk" PRIMARY KEY("story_id","revision")
);
--> statement-breakpoint
CREATE TABLE "newsroom_staff" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsroom_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"record" jsonb NOT NULL,
	"headline" text NOT NULL,
	"section_slug" text,
	"revision" integer NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"article_id" uuid,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsroom_stories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "newsroom_media" ADD CONSTRAINT "newsroom_media_uploaded_by_accounts_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_presence" ADD CONSTRAINT "newsroom_presence_story_id_newsroom_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."newsroom_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_presence" ADD CONSTRAINT "newsroom_presence_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_revisions" ADD CONSTRAINT "newsroom_revisions_story_id_newsroom_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."newsroom_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_revisions" ADD CONSTRAINT "newsroom_revisions_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_staff" ADD CONSTRAINT "newsroom_staff_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_stories" ADD CONSTRAINT "newsroom_stories_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_stories" ADD CONSTRAINT "newsroom_stories_created_by_accounts_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_stories" ADD CONSTRAINT "newsroom_stories_updated_by_accounts_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsroom_audit_created_idx" ON "newsroom_audit" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsroom_stories_status_idx" ON "newsroom_stories" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsroom_stories_due_idx" ON "newsroom_stories" USING btree ("publish_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE FUNCTION "newsroom_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'newsroom_audit is append-only'; END; $$;--> statement-breakpoint
CREATE TRIGGER "newsroom_audit_append_only" BEFORE UPDATE OR DELETE ON "newsroom_audit" FOR EACH ROW EXECUTE FUNCTION "newsroom_audit_append_only"();
