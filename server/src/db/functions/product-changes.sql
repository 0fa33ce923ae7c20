-- Each app process keeps the product answers it served lately as JSON and drops the ones named
-- here when it catches up (ADR 012). A product's row changes with anything its answer shows (a
-- variant's stock, price, size or colour updates it through product-summary.sql); a variant's SKU
-- alone does not, so it is logged on its own; a seller's company name, GSTIN, state and status are
-- in every one of its products' answers.
-- Fired by: UPDATE or DELETE on products; UPDATE on product_variants of its SKU or product;
--   UPDATE on sellers of what product answers show; once per row.
-- Writes: product_changes (product_id or seller_id; xid and at by default).
-- Read by: the in-memory search index's catch-up (modules/search/memory-index.ts), which drops
--   those products' cached answers (modules/search/product-json.ts).
CREATE OR REPLACE FUNCTION product_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE OR REPLACE TRIGGER product_changes_log AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_changes_log();

CREATE OR REPLACE TRIGGER product_changes_log AFTER UPDATE ON product_variants
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION product_changes_log();

CREATE OR REPLACE TRIGGER product_changes_log AFTER UPDATE ON sellers
  FOR EACH ROW WHEN (
    (OLD.company_name, OLD.gstin, OLD.state, OLD.status) IS DISTINCT FROM
    (NEW.company_name, NEW.gstin, NEW.state, NEW.status)
  ) EXECUTE FUNCTION product_changes_log();
