-- The COD statement's limit (COD_MAX_RUPEES, ADR 013): a total over it fails the whole statement,
-- so the cart lines it deleted and the stock it took are rolled back with it. SQLSTATE VA001.
-- Fired by: no event; called inside the COD statement (server/src/workflows/place-cod-order.ts).
-- Writes: nothing; raises VA001 'cod_limit' when total > max_total.
-- Read by: placeCodOrder, which answers the buyer with the COD limit's message.
CREATE OR REPLACE FUNCTION cod_within_limit(total integer, max_total integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF total > max_total THEN
    RAISE EXCEPTION USING ERRCODE = 'VA001', MESSAGE = 'cod_limit';
  END IF;
  RETURN total;
END;
$$;
