-- One home for the catalogue version's bump (docs/decisions/008-catalogue-cache.md): the stripe
-- formula (64 stripes, the rows of migration 0002) lives only here. bump_catalog_version() is called by the server's bumpCatalogVersion, by
-- the COD statement and by the sellers trigger, instead of each repeating it.
DROP TRIGGER IF EXISTS sellers_bump_catalog_version ON sellers;
--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_catalog_version();
--> statement-breakpoint
CREATE FUNCTION bump_catalog_version() RETURNS void LANGUAGE sql VOLATILE AS $$
  UPDATE catalog_version SET version = version + 1
  WHERE id = 1 + (txid_current() % 64);
$$;
--> statement-breakpoint
CREATE FUNCTION bump_catalog_version_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_catalog_version();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sellers_bump_catalog_version AFTER UPDATE OR DELETE OR TRUNCATE ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_on_change();
