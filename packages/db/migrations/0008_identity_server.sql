CREATE TABLE "identity_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"via" text DEFAULT 'email' NOT NULL,
	"value" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"identity_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_courier_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"template_type" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"type" text NOT NULL,
	"identifier" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_errors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"error" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"flow_type" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"request_url" text NOT NULL,
	"return_to" text,
	"csrf_token" text NOT NULL,
	"identity_id" uuid,
	"internal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ui" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_identities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"schema_id" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"traits" jsonb NOT NULL,
	"metadata_public" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "identity_rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"logout_token_hash" text NOT NULL,
	"identity_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"authentication_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_addresses" ADD CONSTRAINT "identity_addresses_identity_id_identity_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_flow_id_identity_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."identity_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_credentials" ADD CONSTRAINT "identity_credentials_identity_id_identity_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_identity_id_identity_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identity_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_addresses_kind_value" ON "identity_addresses" USING btree ("kind","via","value");--> statement-breakpoint
CREATE INDEX "identity_addresses_identity" ON "identity_addresses" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "identity_codes_flow" ON "identity_codes" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "identity_courier_messages_created" ON "identity_courier_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_credentials_type_identifier" ON "identity_credentials" USING btree ("type","identifier");--> statement-breakpoint
CREATE INDEX "identity_credentials_identity" ON "identity_credentials" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "identity_flows_expires" ON "identity_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_token" ON "identity_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_logout_token" ON "identity_sessions" USING btree ("logout_token_hash");--> statement-breakpoint
CREATE INDEX "identity_sessions_identity" ON "identity_sessions" USING btree ("identity_id");