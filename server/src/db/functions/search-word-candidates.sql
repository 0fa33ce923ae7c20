-- Words that may be what a typed word was meant to be: for each typed word that is no catalogue
-- word's beginning (so not a word being typed either), the catalogue words most like it by
-- trigrams (similarity 0.2 or more: "shrit" and "shirt" share only 2 of 10). The server keeps
-- those within one or two edits.
-- Fired by: no event; called by modules/search/typos.ts for a search with an unknown word.
-- Writes: nothing; reads search_words (search-words.sql).
-- Read by: modules/search/typos.ts.
CREATE OR REPLACE FUNCTION search_word_candidates(typed_words text[]) RETURNS TABLE (typed text, word text)
LANGUAGE sql STABLE SET pg_trgm.similarity_threshold = 0.2 AS $$
  SELECT t.typed, c.word
  FROM unnest(typed_words) AS t(typed)
  CROSS JOIN LATERAL (
    SELECT w.word FROM search_words w WHERE w.word % t.typed
    ORDER BY similarity(w.word, t.typed) DESC, w.word LIMIT 12
  ) AS c
  WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word LIKE t.typed || '%')
$$;
