import {
  FREE_SHIPPING,
  type ShippingSettings,
  type ShippingSettingsAnswer,
  type ShippingSettingsInput,
} from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shippingSettings } from '../../db/schema.ts';
import { paiseToRupees, rupeesToPaise } from '../../lib/money.ts';

/**
 * The admin's shipping settings (one row; none: free shipping and no COD fee). Read on every cart and
 * order, so every process sees a change at once.
 */
export async function readShippingSettings(db: DbOrTx): Promise<ShippingSettings> {
  const [row] = await db.select().from(shippingSettings).where(eq(shippingSettings.id, 1));
  return row ? settingsOf(row) : FREE_SHIPPING;
}

const settingsOf = (row: typeof shippingSettings.$inferSelect): ShippingSettings => ({
  freeAbovePaise: row.freeAbovePaise,
  feePaise: row.feePaise,
  codFeePaise: row.codFeePaise,
  feesTo: row.feesTo,
});

/**
 * The settings' columns as one JSON value, for a statement that reads them with other things (the
 * COD order's read): `shippingSettingsOf` turns it back.
 */
export const shippingSettingsSql = sql<Record<string, unknown> | null>`(select json_build_object(
  'freeAbovePaise', s.free_above_paise, 'feePaise', s.fee_paise, 'codFeePaise', s.cod_fee_paise,
  'feesTo', s.fees_to) from shipping_settings s where s.id = 1)`;

export const shippingSettingsOf = (value: Record<string, unknown> | string | null): ShippingSettings => {
  if (value === null) return FREE_SHIPPING;
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as ShippingSettings;
  return {
    freeAbovePaise: Number(v.freeAbovePaise),
    feePaise: Number(v.feePaise),
    codFeePaise: Number(v.codFeePaise),
    feesTo: v.feesTo,
  };
};

/** The settings as the admin API answers them (rupees). */
export const shippingSettingsAnswer = (s: ShippingSettings): ShippingSettingsAnswer => ({
  success: true,
  freeAbove: paiseToRupees(s.freeAbovePaise),
  fee: paiseToRupees(s.feePaise),
  codFee: paiseToRupees(s.codFeePaise),
  feesTo: s.feesTo,
});

/** `PUT /api/admin/settings/shipping`: the fields sent change, the rest keep their value. */
export async function saveShippingSettings(
  db: DbOrTx,
  input: ShippingSettingsInput,
): Promise<ShippingSettings> {
  const now = await readShippingSettings(db);
  const next: ShippingSettings = {
    freeAbovePaise: input.freeAbove === undefined ? now.freeAbovePaise : rupeesToPaise(input.freeAbove),
    feePaise: input.fee === undefined ? now.feePaise : rupeesToPaise(input.fee),
    codFeePaise: input.codFee === undefined ? now.codFeePaise : rupeesToPaise(input.codFee),
    feesTo: input.feesTo ?? now.feesTo,
  };
  await db
    .insert(shippingSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: shippingSettings.id, set: { ...next, updatedAt: sql`now()` } });
  return next;
}
