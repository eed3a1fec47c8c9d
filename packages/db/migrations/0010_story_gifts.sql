CREATE TABLE "story_gift_readers" (
	"gift_id" uuid NOT NULL,
	"reader_key" text NOT NULL,
	"first_opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "story_gift_readers_gift_id_reader_key_pk" PRIMARY KEY("gift_id","reader_key")
);
--> statement-breakpoint
CREATE TABLE "story_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giver_user_id" text NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"max_readers" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_gift_readers" ADD CONSTRAINT "story_gift_readers_gift_id_story_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."story_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_gifts" ADD CONSTRAINT "story_gifts_giver_user_id_accounts_user_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_gifts" ADD CONSTRAINT "story_gifts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_gifts_giver_created" ON "story_gifts" USING btree ("giver_user_id","created_at");