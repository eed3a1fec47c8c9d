ALTER TABLE "content_authors" ADD COLUMN "photo" uuid;
--> statement-breakpoint
CREATE TABLE "front_page_pins" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"pinned_by" text,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "front_page_pins_article_id_unique" UNIQUE("article_id"),
	CONSTRAINT "front_page_pins_slot_check" CHECK ("slot" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "front_page_pins" ADD CONSTRAINT "front_page_pins_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "front_page_pins" ADD CONSTRAINT "front_page_pins_pinned_by_accounts_user_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."accounts"("user_id") ON DELETE set null ON UPDATE no action;
