CREATE TABLE "document_counters" (
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_seller_id_kind_financial_year_pk" PRIMARY KEY("seller_id","kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"reference_id" uuid,
	"financial_year" text NOT NULL,
	"number" text NOT NULL,
	"document" jsonb NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_mode" text DEFAULT 'flat18' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("seller_id","kind","financial_year","number");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE INDEX "order_items_invoice_idx" ON "order_items" USING btree ("invoice_id");--> statement-breakpoint
-- Products so far get their sub-category's HSN code (contracts DEFAULT_HSN_BY_SUB_CATEGORY).
UPDATE "products" SET "hsn" = CASE "sub_category"
  WHEN 'gentsShirt' THEN '6205' WHEN 'gentsPant' THEN '6203' WHEN 'gentsHoody' THEN '6110'
  WHEN 'girlsTop' THEN '6106' WHEN 'LadiesPant' THEN '6204' WHEN 'LadiesDress' THEN '6204'
  WHEN 'KidsWear' THEN '6111' ELSE '6211' END;--> statement-breakpoint
-- Items so far were taxed flat18: the taxable value is the amount, and the order's GST is shared
-- out by largest remainder (as contracts/src/tax.ts does), so an order's items add up to its GST.
UPDATE "order_items" SET "hsn" = CASE "product_sub_category"
  WHEN 'gentsShirt' THEN '6205' WHEN 'gentsPant' THEN '6203' WHEN 'gentsHoody' THEN '6110'
  WHEN 'girlsTop' THEN '6106' WHEN 'LadiesPant' THEN '6204' WHEN 'LadiesDress' THEN '6204'
  WHEN 'KidsWear' THEN '6111' ELSE '6211' END,
  "taxable_paise" = "amount_paise";--> statement-breakpoint
UPDATE "order_items" oi SET "tax_paise" = r.base + CASE WHEN r.rnk <= r.left_over THEN 1 ELSE 0 END
FROM (
  SELECT p.id, p.base,
    row_number() OVER (PARTITION BY p.order_id ORDER BY p.rem DESC, p.variant_id) AS rnk,
    p.gst_paise - sum(p.base) OVER (PARTITION BY p.order_id) AS left_over
  FROM (
    SELECT i.id, i.order_id, i.variant_id, o.gst_paise,
      (i.amount_paise::bigint * 18) / 100 AS base, (i.amount_paise::bigint * 18) % 100 AS rem
    FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
  ) p
) r
WHERE oi.id = r.id;
