-- The COD statement's limit (COD_MAX_RUPEES): a total over it fails the whole statement, so the
-- cart lines it deleted and the stock it took are rolled back with it (ADR 005). SQLSTATE VA001.
CREATE FUNCTION cod_within_limit(total integer, max_total integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF total > max_total THEN
    RAISE EXCEPTION USING ERRCODE = 'VA001', MESSAGE = 'cod_limit';
  END IF;
  RETURN total;
END;
$$;
