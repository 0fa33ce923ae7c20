-- Each app process keeps the search fields of the catalogue in memory and catches up from this
-- log of which products' product_search rows changed, by transaction id (ADR 012).
-- Fired by: INSERT, UPDATE or DELETE on product_search, once per row.
-- Writes: search_changes (product_id; xid and at by default).
-- Read by: the in-memory search index's catch-up (modules/search/memory-index.ts), which also
--   prunes rows older than it keeps.
CREATE OR REPLACE FUNCTION search_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER search_changes_log AFTER INSERT OR UPDATE OR DELETE ON product_search
  FOR EACH ROW EXECUTE FUNCTION search_changes_log();
