CREATE TABLE "sign_in_risk_verdicts" (
	"identity_session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"verdict" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_risk_verdicts" ADD CONSTRAINT "sign_in_risk_verdicts_user_id_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_risk_verdicts_user_id_idx" ON "sign_in_risk_verdicts" USING btree ("user_id");