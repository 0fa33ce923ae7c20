-- Search at scale (ADR 012). product_search: the search module's narrow copy of every active
-- product, kept by a trigger on products in the same transaction as the change; search_words: the
-- catalogue's words, for typo tolerance by trigram similarity (pg_trgm, on PostgreSQL and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"name_key" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text NOT NULL,
	"brand" text,
	"color" text,
	"price_paise" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"sizes_in_stock" text[] NOT NULL,
	"colors_in_stock" text[] NOT NULL,
	"rating_avg" double precision NOT NULL,
	"rating_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL,
	"name_search" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_search_idx" ON "product_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_search_name_search_idx" ON "product_search" USING gin ("name_search");--> statement-breakpoint
CREATE INDEX "product_search_name_key_idx" ON "product_search" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "product_search_sizes_idx" ON "product_search" USING gin ("sizes_in_stock");--> statement-breakpoint
CREATE INDEX "product_search_newest_idx" ON "product_search" USING btree ("created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_search_price_asc_idx" ON "product_search" USING btree ("price_paise","created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_search_price_desc_idx" ON "product_search" USING btree ("price_paise" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_search_rating_idx" ON "product_search" USING btree ("rating_avg" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_search_category_idx" ON "product_search" USING btree ("category","price_paise");--> statement-breakpoint
CREATE INDEX "product_search_sub_category_idx" ON "product_search" USING btree ("sub_category","price_paise");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- A product's row in product_search: written when it is added, and when anything search reads
-- changes (not for a stock change that leaves it in stock, the common case of an order); removed
-- when the product is (status 'removed'; a deleted product's row goes by the foreign key).
CREATE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'active' THEN
    DELETE FROM product_search WHERE product_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, seller_id, name_key, category, sub_category, brand, color,
    price_paise, in_stock, sizes_in_stock, colors_in_stock, rating_avg, rating_count, created_at, search, name_search)
  VALUES (NEW.id, NEW.seller_id, lower(NEW.name), NEW.category, NEW.sub_category, NEW.brand, NEW.color,
    NEW.price_paise, NEW.stock > 0, NEW.sizes_in_stock, NEW.colors_in_stock, NEW.rating_avg, NEW.rating_count,
    NEW.created_at, NEW.search, to_tsvector('english', NEW.name))
  ON CONFLICT (product_id) DO UPDATE SET
    seller_id = EXCLUDED.seller_id, name_key = EXCLUDED.name_key, category = EXCLUDED.category,
    sub_category = EXCLUDED.sub_category, brand = EXCLUDED.brand, color = EXCLUDED.color,
    price_paise = EXCLUDED.price_paise, in_stock = EXCLUDED.in_stock, sizes_in_stock = EXCLUDED.sizes_in_stock,
    colors_in_stock = EXCLUDED.colors_in_stock, rating_avg = EXCLUDED.rating_avg,
    rating_count = EXCLUDED.rating_count, created_at = EXCLUDED.created_at, search = EXCLUDED.search,
    name_search = EXCLUDED.name_search;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_search_sync_insert AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_sync();--> statement-breakpoint
CREATE TRIGGER product_search_sync_update AFTER UPDATE ON products
  FOR EACH ROW WHEN (
    (OLD.status, OLD.seller_id, OLD.name, OLD.category, OLD.sub_category, OLD.brand, OLD.color, OLD.price_paise,
      OLD.stock > 0, OLD.sizes_in_stock, OLD.colors_in_stock, OLD.rating_avg, OLD.rating_count, OLD.created_at)
    IS DISTINCT FROM
    (NEW.status, NEW.seller_id, NEW.name, NEW.category, NEW.sub_category, NEW.brand, NEW.color, NEW.price_paise,
      NEW.stock > 0, NEW.sizes_in_stock, NEW.colors_in_stock, NEW.rating_avg, NEW.rating_count, NEW.created_at)
  ) EXECUTE FUNCTION product_search_sync();--> statement-breakpoint
-- The words of a product as the 'simple' configuration splits them (lower case, "t-shirt" whole
-- and in parts), 3 letters or more. Inserted in word order, so two sellers adding the same new
-- words at once wait for each other in one order (never a deadlock).
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ', NEW.name_key, NEW.brand, NEW.color,
    NEW.category, regexp_replace(NEW.sub_category, '([a-z])([A-Z])', '\1 \2', 'g'))))) AS w
  WHERE length(w) >= 3
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_words_add_insert AFTER INSERT ON product_search
  FOR EACH ROW EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER search_words_add_update AFTER UPDATE ON product_search
  FOR EACH ROW WHEN (
    (OLD.name_key, OLD.brand, OLD.color, OLD.category, OLD.sub_category)
    IS DISTINCT FROM (NEW.name_key, NEW.brand, NEW.color, NEW.category, NEW.sub_category)
  ) EXECUTE FUNCTION search_words_add();--> statement-breakpoint
-- Words that may be what a typed word was meant to be: for each typed word that is no catalogue
-- word's beginning (so not a word being typed either), the catalogue words most like it by
-- trigrams (similarity 0.2 or more: "shrit" and "shirt" share only 2 of 10). The server keeps
-- those within one or two edits (search/typos.ts).
CREATE FUNCTION search_word_candidates(typed_words text[]) RETURNS TABLE (typed text, word text)
LANGUAGE sql STABLE SET pg_trgm.similarity_threshold = 0.2 AS $$
  SELECT t.typed, c.word
  FROM unnest(typed_words) AS t(typed)
  CROSS JOIN LATERAL (
    SELECT w.word FROM search_words w WHERE w.word % t.typed
    ORDER BY similarity(w.word, t.typed) DESC, w.word LIMIT 12
  ) AS c
  WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word LIKE t.typed || '%')
$$;--> statement-breakpoint
INSERT INTO product_search (product_id, seller_id, name_key, category, sub_category, brand, color,
  price_paise, in_stock, sizes_in_stock, colors_in_stock, rating_avg, rating_count, created_at, search, name_search)
SELECT id, seller_id, lower(name), category, sub_category, brand, color, price_paise, stock > 0, sizes_in_stock,
  colors_in_stock, rating_avg, rating_count, created_at, search, to_tsvector('english', name)
FROM products WHERE status = 'active';--> statement-breakpoint
ANALYZE product_search;--> statement-breakpoint
ANALYZE search_words;