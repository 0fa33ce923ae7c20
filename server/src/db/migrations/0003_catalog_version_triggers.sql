-- Public catalogue answers show each product's seller (company name) and hide suspended sellers'
-- products, but seller writes live in the accounts and admin modules, far from the catalogue. So
-- every statement that changes sellers bumps the catalogue version in its own transaction, by trigger
-- (same stripe choice as modules/catalog/version.ts). Product writes call bumpCatalogVersion themselves.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1 + (txid_current() % 64);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sellers_bump_catalog_version AFTER UPDATE OR DELETE OR TRUNCATE ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
