CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"size" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_paise" > 0)
);
--> statement-breakpoint
DROP INDEX "cart_items_user_product_uq";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size" text DEFAULT 'Free Size' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes_in_stock" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colors_in_stock" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_seller_sku_uq" ON "product_variants" USING btree ("seller_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_size_color_uq" ON "product_variants" USING btree ("product_id","size","color");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every product so far becomes one "Free Size" variant holding its stock and prices; its image the
-- first photo; cart lines and order items point at that variant.
INSERT INTO "product_variants" ("product_id", "seller_id", "size", "color", "sku", "stock", "price_paise", "mrp_paise", "created_at")
SELECT p."id", p."seller_id", 'Free Size', '', 'VA-' || upper(replace(p."id"::text, '-', '')), p."stock", p."price_paise", p."mrp_paise", p."created_at"
FROM "products" p;--> statement-breakpoint
UPDATE "products" SET "images" = jsonb_build_array(jsonb_build_object('url', "image_url", 'publicId', "image_id", 'alt', "name")),
  "sizes_in_stock" = CASE WHEN "stock" > 0 THEN ARRAY['Free Size'] ELSE '{}'::text[] END,
  "colors_in_stock" = '{}'::text[];--> statement-breakpoint
UPDATE "cart_items" ci SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = ci."product_id";--> statement-breakpoint
UPDATE "order_items" oi SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = oi."product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_variant_uq" ON "cart_items" USING btree ("user_id","variant_id");--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- The product's summary columns follow its variants (DESIGN §3): stock is their sum, price and mrp
-- those of the cheapest variant in stock (of all when sold out), and the sizes and colours in stock
-- feed the filters. A stock change that leaves a variant on the same side of zero only adds the
-- difference (safe under concurrent writers: the row is re-read at its latest version). Any other
-- change locks the product first and then recounts in a new statement, whose snapshot sees what
-- writers committed while this one waited. Writers lock the product before its variants.
CREATE FUNCTION product_variants_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.product_id = OLD.product_id AND NEW.size = OLD.size
     AND NEW.color = OLD.color AND NEW.price_paise = OLD.price_paise
     AND NEW.mrp_paise IS NOT DISTINCT FROM OLD.mrp_paise
     AND (NEW.stock > 0) = (OLD.stock > 0) THEN
    IF NEW.stock <> OLD.stock THEN
      UPDATE products SET stock = stock + (NEW.stock - OLD.stock), updated_at = now() WHERE id = NEW.product_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN pid := OLD.product_id; ELSE pid := NEW.product_id; END IF;
  PERFORM 1 FROM products WHERE id = pid FOR NO KEY UPDATE;
  UPDATE products p SET
    stock = s.stock,
    price_paise = coalesce(s.price_paise, p.price_paise),
    mrp_paise = CASE WHEN s.price_paise IS NULL THEN p.mrp_paise ELSE s.mrp_paise END,
    sizes_in_stock = s.sizes,
    colors_in_stock = s.colors,
    updated_at = now()
  FROM (
    SELECT coalesce(sum(v.stock), 0)::int AS stock,
      (array_agg(v.price_paise ORDER BY v.stock > 0 DESC, v.price_paise, v.id))[1] AS price_paise,
      (array_agg(v.mrp_paise ORDER BY v.stock > 0 DESC, v.price_paise, v.id))[1] AS mrp_paise,
      coalesce(array_agg(DISTINCT v.size) FILTER (WHERE v.stock > 0), '{}'::text[]) AS sizes,
      coalesce(array_agg(DISTINCT v.color) FILTER (WHERE v.stock > 0 AND v.color <> ''), '{}'::text[]) AS colors
    FROM product_variants v WHERE v.product_id = pid
  ) s
  WHERE p.id = pid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_summarise AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_summarise();--> statement-breakpoint
CREATE INDEX "products_sizes_in_stock_idx" ON "products" USING gin ("sizes_in_stock");--> statement-breakpoint
CREATE INDEX "products_colors_in_stock_idx" ON "products" USING gin ("colors_in_stock");