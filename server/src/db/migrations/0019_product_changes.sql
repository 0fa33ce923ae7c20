CREATE TABLE "product_changes" (
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"product_id" uuid,
	"seller_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_changes_xid_idx" ON "product_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "product_changes_at_idx" ON "product_changes" USING btree ("at");--> statement-breakpoint
-- Each app process keeps the product answers it served lately as JSON (search/product-json.ts) and
-- drops the ones named here when it catches up (ADR 012). A product's row changes with anything its
-- answer shows (a variant's stock, price, size or colour updates it through
-- product_variants_summarise); a variant's SKU alone does not, so it is logged on its own; a
-- seller's company name, GSTIN, state and status are in every one of its products' answers.
CREATE FUNCTION product_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sellers' THEN
    INSERT INTO product_changes (seller_id) VALUES (OLD.id);
  ELSIF TG_TABLE_NAME = 'product_variants' THEN
    INSERT INTO product_changes (product_id) VALUES (OLD.product_id);
  ELSE
    INSERT INTO product_changes (product_id) VALUES (OLD.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_changes_log AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_changes_log();--> statement-breakpoint
CREATE TRIGGER product_changes_log AFTER UPDATE ON product_variants
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION product_changes_log();--> statement-breakpoint
CREATE TRIGGER product_changes_log AFTER UPDATE ON sellers
  FOR EACH ROW WHEN (
    (OLD.company_name, OLD.gstin, OLD.state, OLD.status) IS DISTINCT FROM
    (NEW.company_name, NEW.gstin, NEW.state, NEW.status)
  ) EXECUTE FUNCTION product_changes_log();
