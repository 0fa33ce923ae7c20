import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems } from './tables.ts';

/**
 * Points the items a shipment's invoice newly bills at it (invoices' invoiceShipment issues it; the
 * items are this module's rows). Returns the invoice's id.
 */
export async function linkItemsToInvoice(tx: DbOrTx, invoice: { id: string; billedItemIds: string[] }) {
  if (invoice.billedItemIds.length > 0) {
    await tx
      .update(orderItems)
      .set({ invoiceId: invoice.id })
      .where(inArray(orderItems.id, invoice.billedItemIds));
  }
  return invoice.id;
}

/** Records on a cancelled item the credit note issued for it (invoices' creditItem). */
export async function linkItemToCreditNote(tx: DbOrTx, itemId: string, creditNoteId: string) {
  await tx.update(orderItems).set({ creditNoteId }).where(eq(orderItems.id, itemId));
}
