-- The product's summary (stock, price, mrp, sizes and colours in stock; ADR 009) is now kept once per
-- statement instead of once per variant row. Row triggers fire after the whole statement, so a
-- recount for one row already saw every row the statement changed, and a later row of the same
-- statement then added its stock difference a second time: a COD order of a size selling out plus
-- another size left the product one short. Per statement, each product is handled by one path: the
-- sum of its sizes' stock differences when every change left its size on the same side of zero, a
-- recount otherwise.
DROP TRIGGER product_variants_summarise ON product_variants;--> statement-breakpoint
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
$$;--> statement-breakpoint
-- A trigger with transition tables fires on one event only: one per event, the same function.
CREATE TRIGGER product_variants_summarise_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_summarise();--> statement-breakpoint
CREATE TRIGGER product_variants_summarise_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_summarise();--> statement-breakpoint
CREATE TRIGGER product_variants_summarise_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_summarise();
