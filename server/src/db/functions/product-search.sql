-- The search module's narrow copy of every active product (ADR 012): a product's row in
-- product_search is written when the product is added and when anything search reads changes
-- (not for a stock change that leaves it in stock, the common case of an order), and removed when
-- the product leaves the shelf (status other than 'active'; a deleted product's row goes by the
-- foreign key).
-- Fired by: INSERT on products; UPDATE on products of a column search reads; once per row.
-- Writes: product_search, which in turn fires search-words.sql and search-changes.sql.
-- Read by: the in-memory search index (modules/search/memory-index.ts) when it loads and catches
--   up, and the search statements that run in the database (modules/search).
CREATE OR REPLACE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'active' THEN
    DELETE FROM product_search WHERE product_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, seller_id, name_key, category, sub_category, brand, color,
    price_paise, in_stock, sizes_in_stock, colors_in_stock, rating_avg, rating_count, created_at, search, name_search)
  VALUES (NEW.id, NEW.seller_id, lower(NEW.name), NEW.category, NEW.sub_category, NEW.brand, NEW.color,
    NEW.price_paise, NEW.stock > 0, NEW.sizes_in_stock, NEW.colors_in_stock, NEW.rating_avg, NEW.rating_count,
    NEW.created_at, NEW.search, to_tsvector('english', NEW.name))
  ON CONFLICT (product_id) DO UPDATE SET
    seller_id = EXCLUDED.seller_id, name_key = EXCLUDED.name_key, category = EXCLUDED.category,
    sub_category = EXCLUDED.sub_category, brand = EXCLUDED.brand, color = EXCLUDED.color,
    price_paise = EXCLUDED.price_paise, in_stock = EXCLUDED.in_stock, sizes_in_stock = EXCLUDED.sizes_in_stock,
    colors_in_stock = EXCLUDED.colors_in_stock, rating_avg = EXCLUDED.rating_avg,
    rating_count = EXCLUDED.rating_count, created_at = EXCLUDED.created_at, search = EXCLUDED.search,
    name_search = EXCLUDED.name_search;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER product_search_sync_insert AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_sync();

CREATE OR REPLACE TRIGGER product_search_sync_update AFTER UPDATE ON products
  FOR EACH ROW WHEN (
    (OLD.status, OLD.seller_id, OLD.name, OLD.category, OLD.sub_category, OLD.brand, OLD.color, OLD.price_paise,
      OLD.stock > 0, OLD.sizes_in_stock, OLD.colors_in_stock, OLD.rating_avg, OLD.rating_count, OLD.created_at)
    IS DISTINCT FROM
    (NEW.status, NEW.seller_id, NEW.name, NEW.category, NEW.sub_category, NEW.brand, NEW.color, NEW.price_paise,
      NEW.stock > 0, NEW.sizes_in_stock, NEW.colors_in_stock, NEW.rating_avg, NEW.rating_count, NEW.created_at)
  ) EXECUTE FUNCTION product_search_sync();
