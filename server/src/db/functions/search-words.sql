-- The catalogue's words, for typo tolerance by trigram similarity (ADR 012): the words of a
-- product as the 'simple' configuration splits them (lower case, "t-shirt" whole and in parts),
-- 3 letters or more. Inserted in word order, so two sellers adding the same new words at once wait
-- for each other in one order (never a deadlock). Words are never removed.
-- Fired by: INSERT on product_search; UPDATE on product_search of its name, brand, colour or
--   categories; once per row.
-- Writes: search_words.
-- Read by: search_word_candidates() (search-word-candidates.sql), for modules/search/typos.ts.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ', NEW.name_key, NEW.brand, NEW.color,
    NEW.category, regexp_replace(NEW.sub_category, '([a-z])([A-Z])', '\1 \2', 'g'))))) AS w
  WHERE length(w) >= 3
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER search_words_add_insert AFTER INSERT ON product_search
  FOR EACH ROW EXECUTE FUNCTION search_words_add();

CREATE OR REPLACE TRIGGER search_words_add_update AFTER UPDATE ON product_search
  FOR EACH ROW WHEN (
    (OLD.name_key, OLD.brand, OLD.color, OLD.category, OLD.sub_category)
    IS DISTINCT FROM (NEW.name_key, NEW.brand, NEW.color, NEW.category, NEW.sub_category)
  ) EXECUTE FUNCTION search_words_add();
