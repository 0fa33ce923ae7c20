-- An embedded (PGlite) database belongs to one process, so that process learns of every catalogue
-- change from a notification delivered as the change commits, instead of reading the version on each
-- request. Only sessions that opt in (SET vastra.catalog_notify = 'on') notify: on a PostgreSQL
-- server, NOTIFY would serialise the commits of concurrent orders, and servers read the version.
-- Fired by: UPDATE on catalog_version (each bump), once per statement.
-- Writes: nothing; a NOTIFY on the channel catalog_version.
-- Read by: LocalVersion in modules/catalog/cache.ts (PGlite only), which counts the notifications.
CREATE OR REPLACE FUNCTION notify_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vastra.catalog_notify', true) = 'on' THEN
    PERFORM pg_notify('catalog_version', '');
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER catalog_version_notify AFTER UPDATE ON catalog_version
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_version();
