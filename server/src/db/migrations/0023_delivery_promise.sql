CREATE TABLE "shipping_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"free_above_paise" integer DEFAULT 0 NOT NULL,
	"fee_paise" integer DEFAULT 0 NOT NULL,
	"cod_fee_paise" integer DEFAULT 0 NOT NULL,
	"fees_to" text DEFAULT 'seller' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_one_row" CHECK ("shipping_settings"."id" = 1),
	CONSTRAINT "shipping_settings_money" CHECK ("shipping_settings"."free_above_paise" >= 0 and "shipping_settings"."fee_paise" >= 0 and "shipping_settings"."cod_fee_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fee_paise" integer NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_charges_money" CHECK ("order_charges"."fee_paise" >= 0 and "order_charges"."taxable_paise" >= 0 and "order_charges"."tax_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_line1" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_city" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_state" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_postal_code" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_phone" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "dispatch_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "cutoff_hour" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "dispatch_by" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "deliver_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_one_per_kind" ON "order_charges" USING btree ("order_id","seller_id","kind");