-- Public catalogue answers show each product's seller and hide suspended sellers' products, but
-- sellers are written by the accounts and admin modules, far from the catalogue: every statement
-- that changes sellers bumps the catalogue version in its own transaction.
-- Fired by: UPDATE, DELETE or TRUNCATE on sellers, once per statement.
-- Writes: catalog_version, through bump_catalog_version() (catalog-version.sql).
-- Read by: the catalogue caches (modules/catalog/cache.ts), which then drop their answers.
CREATE OR REPLACE FUNCTION bump_catalog_version_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_catalog_version();
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER sellers_bump_catalog_version AFTER UPDATE OR DELETE OR TRUNCATE ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_on_change();
