ALTER TABLE "billing_purchases" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (not generated): before a reader may have only one pending attempt, older pending
-- attempts of a reader who has several are marked failed (their outcome unknown; reconciliation reads
-- the provider's records back).
UPDATE "billing_purchases" AS p SET "status" = 'failed', "message" = 'superseded before the one-pending-attempt rule'
WHERE p."status" = 'pending' AND EXISTS (
	SELECT 1 FROM "billing_purchases" AS q
	WHERE q."user_id" = p."user_id" AND q."status" = 'pending'
	AND (q."created_at", q."idempotency_key") > (p."created_at", p."idempotency_key")
);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_purchases_one_pending_per_user" ON "billing_purchases" USING btree ("user_id") WHERE "billing_purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "billing_purchases_user" ON "billing_purchases" USING btree ("user_id");