CREATE INDEX "articles_hero_art_idx" ON "articles" USING btree (("hero" -> 'art'));--> statement-breakpoint
CREATE INDEX "articles_body_path_idx" ON "articles" USING gin ("body" jsonb_path_ops);