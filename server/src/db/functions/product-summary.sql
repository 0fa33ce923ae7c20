-- The product's summary (ADR 009): stock is the sum of its variants' stock, price and mrp those of
-- the cheapest variant in stock (of all when sold out), sizes_in_stock and colors_in_stock feed the
-- filters. The server never writes these columns of products; this is their only writer.
-- Per statement, each product takes one path: the sum of its sizes' stock differences when every
-- change left its size on the same side of zero (safe under concurrent writers: the product row is
-- re-read at its latest version), a recount otherwise. Every stock writer locks the product before
-- its variants, so the recount's lock never waits in a cycle.
-- Fired by: INSERT, UPDATE or DELETE on product_variants, once per statement (with the statement's
--   rows as transition tables; such a trigger fires on one event only, hence three).
-- Writes: products (stock, price_paise, mrp_paise, sizes_in_stock, colors_in_stock, updated_at),
--   which in turn fires product-search.sql and product-changes.sql.
-- Read by: listings, filters, sorts and product answers (modules/catalog), the search copy
--   (product-search.sql), the product's stock shown to sellers and admins.
CREATE OR REPLACE FUNCTION product_variants_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recount uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Products with a size that changed anything the summary shows but stock on the same side of zero.
    SELECT coalesce(array_agg(DISTINCT pid), '{}') INTO recount FROM (
      SELECT unnest(ARRAY[o.product_id, n.product_id]) AS pid
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.product_id <> o.product_id OR n.size <> o.size OR n.color <> o.color
        OR n.price_paise <> o.price_paise OR n.mrp_paise IS DISTINCT FROM o.mrp_paise
        OR (n.stock > 0) <> (o.stock > 0)
    ) reshaped;
    -- The others only add their sizes' differences (safe under concurrent writers: the product row
    -- is re-read at its latest version).
    UPDATE products p SET stock = p.stock + d.delta, updated_at = now()
    FROM (
      SELECT n.product_id, sum(n.stock - o.stock)::int AS delta
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.stock <> o.stock AND n.product_id <> ALL (recount)
      GROUP BY n.product_id
    ) d
    WHERE p.id = d.product_id;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(DISTINCT product_id), '{}') INTO recount FROM new_rows;
  ELSE
    SELECT coalesce(array_agg(DISTINCT product_id), '{}') INTO recount FROM old_rows;
  END IF;
  IF cardinality(recount) = 0 THEN RETURN NULL; END IF;
  -- Lock first (in id order, as every stock writer does), then recount in a new statement, whose
  -- snapshot sees what other writers committed while this one waited.
  PERFORM 1 FROM products WHERE id = ANY (recount) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p SET
    stock = s.stock,
    price_paise = coalesce(s.price_paise, p.price_paise),
    mrp_paise = CASE WHEN s.price_paise IS NULL THEN p.mrp_paise ELSE s.mrp_paise END,
    sizes_in_stock = s.sizes,
    colors_in_stock = s.colors,
    updated_at = now()
  FROM unnest(recount) AS r(id)
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(v.stock), 0)::int AS stock,
      (array_agg(v.price_paise ORDER BY v.stock > 0 DESC, v.price_paise, v.id))[1] AS price_paise,
      (array_agg(v.mrp_paise ORDER BY v.stock > 0 DESC, v.price_paise, v.id))[1] AS mrp_paise,
      coalesce(array_agg(DISTINCT v.size) FILTER (WHERE v.stock > 0), '{}'::text[]) AS sizes,
      coalesce(array_agg(DISTINCT v.color) FILTER (WHERE v.stock > 0 AND v.color <> ''), '{}'::text[]) AS colors
    FROM product_variants v WHERE v.product_id = r.id
  ) s
  WHERE p.id = r.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER product_variants_summarise_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_summarise();

CREATE OR REPLACE TRIGGER product_variants_summarise_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_summarise();

CREATE OR REPLACE TRIGGER product_variants_summarise_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_summarise();
