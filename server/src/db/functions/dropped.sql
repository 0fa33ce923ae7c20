-- Functions the application no longer uses, dropped from databases that still hold them.
-- Fired by: no event. Writes: nothing. Read by: nobody.
-- cod_within_limit (migration 0012): the COD order checks COD_MAX_RUPEES in TypeScript (draftOrder,
-- server/src/modules/orders/create-order.ts) since the order stopped being one SQL statement (ADR 022).
DROP FUNCTION IF EXISTS cod_within_limit(integer, integer);
