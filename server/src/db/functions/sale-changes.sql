-- A sale price shows on every public answer of its product, and the search index keeps each
-- product's sale prices (by event) to sort and filter by the price paid now (issue 36). Sale events
-- and prices are written by the offers module, far from the catalogue and search: every statement
-- that changes them bumps the catalogue version, and names the products concerned to the search
-- index's change feeds. A sale price written or removed: its product's search row is read again
-- (search_changes). An event's name or window changed: its products' answers, which show them, are
-- dropped (product_changes); an event that had ended and is opened again also has its products read
-- again (search_changes), since indexes loaded after it ended no longer hold its prices.
-- Fired by: INSERT, UPDATE or DELETE on sale_prices and on sale_events, once per statement (with
--   the statement's rows as transition tables; such a trigger fires on one event only, hence six).
-- Writes: search_changes and product_changes (product_id), catalog_version through
--   bump_catalog_version().
-- Read by: every process's search index, catching up (modules/search/memory-index.ts); the
--   catalogue caches and their sale calendar (modules/catalog/cache.ts).
CREATE OR REPLACE FUNCTION sale_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sale_prices' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO search_changes (product_id) SELECT DISTINCT product_id FROM old_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO search_changes (product_id)
        SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows;
    ELSE
      INSERT INTO search_changes (product_id) SELECT DISTINCT product_id FROM new_rows;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO product_changes (product_id)
      SELECT DISTINCT sp.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN sale_prices sp ON sp.event_id = n.id
      WHERE (n.name, n.starts_at, n.ends_at, n.early_access_at)
        IS DISTINCT FROM (o.name, o.starts_at, o.ends_at, o.early_access_at);
    INSERT INTO search_changes (product_id)
      SELECT DISTINCT sp.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN sale_prices sp ON sp.event_id = n.id
      WHERE o.ends_at <= now() AND n.ends_at > now();
  END IF;
  PERFORM bump_catalog_version();
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER sale_prices_changes_insert AFTER INSERT ON sale_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_changes_log();
CREATE OR REPLACE TRIGGER sale_prices_changes_update AFTER UPDATE ON sale_prices
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_changes_log();
CREATE OR REPLACE TRIGGER sale_prices_changes_delete AFTER DELETE ON sale_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_changes_log();

CREATE OR REPLACE TRIGGER sale_events_changes_insert AFTER INSERT ON sale_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_changes_log();
CREATE OR REPLACE TRIGGER sale_events_changes_update AFTER UPDATE ON sale_events
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_changes_log();
CREATE OR REPLACE TRIGGER sale_events_changes_delete AFTER DELETE ON sale_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_changes_log();
