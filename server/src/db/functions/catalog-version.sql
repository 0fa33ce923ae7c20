-- The catalogue version's bump (ADR 008): adds one to a stripe of catalog_version (64 rows,
-- migration 0002) chosen by the transaction id, so concurrent orders rarely lock the same row.
-- Fired by: no event; called by bumpCatalogVersion (server/src/modules/catalog/version.ts) in
--   every transaction that changes what the public catalogue shows, by the COD statement
--   (server/src/workflows/place-cod-order.ts) and by the sellers trigger (catalog-version-sellers.sql).
-- Writes: catalog_version.
-- Read by: the catalogue caches of every process (modules/catalog/cache.ts), through the sum of
--   the stripes (readCatalogVersion) or, on PGlite, the notification of catalog-version-notify.sql.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS void LANGUAGE sql VOLATILE AS $$
  UPDATE catalog_version SET version = version + 1
  WHERE id = 1 + (txid_current() % 64);
$$;
