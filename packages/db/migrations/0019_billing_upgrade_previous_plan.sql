ALTER TABLE "billing_purchases" ADD COLUMN "previous_plan_code" text;--> statement-breakpoint
-- Hand-written (not generated): a succeeded upgrade kept the plan it replaced in "message" (empty when
-- unknown). Those values move to "previous_plan_code"; other messages (sentences, never a bare plan
-- code) stay where they are.
UPDATE "billing_purchases" SET "previous_plan_code" = NULLIF("message", ''), "message" = NULL
WHERE "kind" = 'upgrade' AND "status" = 'succeeded' AND "message" ~ '^[a-z0-9_]*$';
