CREATE TABLE "cod_hold_lifts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lifted_at" timestamp with time zone NOT NULL,
	"lifted_by" text
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"external_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"user_id" uuid,
	"cod" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"courier" text,
	"awb" text,
	"tracking_url" text,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"pickup_requested_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"ndr_state" text,
	"ndr_reason" text,
	"ndr_date" date,
	"ndr_phone" text,
	"ndr_landmark" text,
	"rto_at" timestamp with time zone,
	"rto_received_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_parcel" CHECK ("shipments"."weight_grams" > 0 and "shipments"."length_cm" > 0 and "shipments"."breadth_cm" > 0 and "shipments"."height_cm" > 0),
	CONSTRAINT "shipments_attempts" CHECK ("shipments"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "cod_hold_lifts" ADD CONSTRAINT "cod_hold_lifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_external_key" ON "shipment_events" USING btree ("external_key");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_seller_created_idx" ON "shipments" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_awb_idx" ON "shipments" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipments_user_rto_idx" ON "shipments" USING btree ("user_id","rto_at") WHERE "shipments"."rto_at" is not null;--> statement-breakpoint
CREATE INDEX "order_items_shipment_idx" ON "order_items" USING btree ("shipment_id");--> statement-breakpoint
-- Parcels shipped before shipments existed: one self-shipped shipment per order, seller, courier and
-- AWB, so their orders show a parcel like any other (weight and size: the default parcel).
INSERT INTO "shipments" ("order_id", "seller_id", "user_id", "cod", "provider", "courier", "awb", "tracking_url",
  "weight_grams", "length_cm", "breadth_cm", "height_cm", "status", "delivered_at", "created_at", "updated_at")
SELECT i."order_id", i."seller_id", o."user_id", o."payment_method" = 'cod', 'self', i."courier", i."awb",
  max(i."tracking_url"), 500, 30, 25, 6,
  CASE WHEN bool_and(i."status" = 'delivered') THEN 'delivered' ELSE 'booked' END,
  max(i."delivered_at"), min(i."shipped_at"), now()
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE i."shipped_at" IS NOT NULL
GROUP BY i."order_id", i."seller_id", o."user_id", o."payment_method", i."courier", i."awb";--> statement-breakpoint
UPDATE "order_items" i SET "shipment_id" = s."id"
FROM "shipments" s
WHERE i."shipped_at" IS NOT NULL AND s."order_id" = i."order_id" AND s."seller_id" = i."seller_id"
  AND s."courier" IS NOT DISTINCT FROM i."courier" AND s."awb" IS NOT DISTINCT FROM i."awb";
