CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description_html" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"venue_name" text,
	"venue_address" text,
	"event_platform" text,
	"speaker_profile_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "events_venue_or_platform" CHECK ("venue_name" IS NOT NULL OR "event_platform" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug" ON "events" USING btree ("slug");
--> statement-breakpoint
CREATE INDEX "events_starts_at" ON "events" USING btree ("starts_at");
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"prices" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"sales_start_at" timestamp with time zone NOT NULL,
	"sales_end_at" timestamp with time zone NOT NULL,
	"member_discount_percent" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_ticket_types_stock" CHECK ("sold" >= 0 AND "sold" <= "quantity"),
	CONSTRAINT "event_ticket_types_discount" CHECK ("member_discount_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX "event_ticket_types_event" ON "event_ticket_types" USING btree ("event_id","position");
--> statement-breakpoint
CREATE TABLE "event_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purchase_key" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "events"("id"),
	"ticket_type_id" uuid NOT NULL REFERENCES "event_ticket_types"("id"),
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"member_discount_percent" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"holds_stock" boolean DEFAULT false NOT NULL,
	"charge_id" text,
	"message" text,
	"refunded_at" timestamp with time zone,
	"refunded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_orders_quantity" CHECK ("quantity" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_orders_purchase_key" ON "event_orders" USING btree ("purchase_key");
--> statement-breakpoint
CREATE INDEX "event_orders_user" ON "event_orders" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "event_orders_event" ON "event_orders" USING btree ("event_id","created_at");
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "event_orders"("id"),
	"event_id" uuid NOT NULL REFERENCES "events"("id"),
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"admitted_at" timestamp with time zone,
	"admitted_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_code" ON "event_tickets" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "event_tickets_order" ON "event_tickets" USING btree ("order_id","position");
--> statement-breakpoint
ALTER TABLE "identity_courier_messages" ADD COLUMN "attachments" jsonb;
