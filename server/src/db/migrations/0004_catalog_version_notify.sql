-- An embedded (PGlite) database belongs to one process, so that process can learn of every catalogue
-- change from a notification delivered as the change commits, instead of reading the version on each
-- request. Only sessions that opt in (SET vastra.catalog_notify = 'on') notify: on a PostgreSQL server,
-- NOTIFY would serialise the commits of concurrent orders, and servers read the version instead.
CREATE OR REPLACE FUNCTION notify_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vastra.catalog_notify', true) = 'on' THEN
    PERFORM pg_notify('catalog_version', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_version_notify AFTER UPDATE ON catalog_version
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_version();
