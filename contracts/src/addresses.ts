import { z } from 'zod';
import { addressSchema, citySchema, fullNameSchema, mobileSchema, postalCodeSchema } from './accounts.ts';
import { isoDateSchema } from './answers.ts';
import { shoppingId } from './shopping.ts';
import { indianStateSchema } from './state-schema.ts';

/**
 * The address book (`/api/user/addresses`): a shopper's saved shipping addresses, one of them the
 * default. Stricter than the legacy profile address the original client still sends: the state is
 * one of India's 36 states and union territories (stored as its name, so the GST state code follows).
 */

export { indianStateSchema };

const isDefaultSchema = z.boolean({ error: 'isDefault must be true or false' });

/** `POST /api/user/addresses`: a new entry; the first one, or one sent with `isDefault: true`, is the default. */
export const newAddressSchema = z.object({
  fullName: fullNameSchema,
  mobile: mobileSchema,
  address: addressSchema,
  city: citySchema,
  state: indianStateSchema,
  postalCode: postalCodeSchema,
  isDefault: isDefaultSchema.optional(),
});
export type NewAddressInput = z.input<typeof newAddressSchema>;
export type NewAddress = z.output<typeof newAddressSchema>;

/** `PUT /api/user/addresses/{id}`: the fields to change. `isDefault: true` makes it the default. */
export const addressChangesSchema = newAddressSchema.partial();
export type AddressChangesInput = z.input<typeof addressChangesSchema>;
export type AddressChanges = z.output<typeof addressChangesSchema>;

export const addressParamsSchema = z.object({ id: shoppingId('id') });

/** One saved address as every address-book answer carries it (`mobile` as 10 bare digits). */
export const savedAddressSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  mobile: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  isDefault: z.boolean(),
  date: isoDateSchema,
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** Answer of `GET /api/user/addresses` and `DELETE /api/user/addresses/{id}`: the default first, then newest first. */
export const addressBookAnswerSchema = z.object({
  success: z.literal(true),
  addresses: z.array(savedAddressSchema),
});
export type AddressBookAnswer = z.infer<typeof addressBookAnswerSchema>;

/** Answer of `POST /api/user/addresses` and `PUT /api/user/addresses/{id}`: the entry as saved. */
export const addressAnswerSchema = z.object({ success: z.literal(true), address: savedAddressSchema });
export type AddressAnswer = z.infer<typeof addressAnswerSchema>;
