-- Search at scale (ADR 012): each app process keeps the search fields of the catalogue in memory
-- and catches up from this log of which products' product_search rows changed, by transaction.
CREATE TABLE "search_changes" (
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"product_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION search_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (product_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_changes_log AFTER INSERT OR UPDATE OR DELETE ON product_search
  FOR EACH ROW EXECUTE FUNCTION search_changes_log();
