CREATE TABLE "anonymous_meter_reads" (
	"browser_id" text NOT NULL,
	"article_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "anonymous_meter_reads_browser_id_article_id_pk" PRIMARY KEY("browser_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "anonymous_meter_reads" ADD CONSTRAINT "anonymous_meter_reads_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_meter_reads_read_at" ON "anonymous_meter_reads" USING btree ("read_at");