import {
  type AddressAnswer,
  type AddressBookAnswer,
  addressAnswerSchema,
  addressBookAnswerSchema,
  addressChangesSchema,
  addressParamsSchema,
  newAddressSchema,
  responses,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAddress, deleteAddress, listAddresses, toSavedAddress, updateAddress } from './addresses.ts';
import { principalOf, requireRole } from './guard.ts';

/** The address book: `GET|POST /api/user/addresses`, `PUT|DELETE /api/user/addresses/{id}`. */
export default async function addressBookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const book = async (userId: string): Promise<AddressBookAnswer> => ({
    success: true,
    addresses: (await listAddresses(db, userId)).map(toSavedAddress),
  });

  app.get(
    '/api/user/addresses',
    { ...asUser, schema: { response: responses(addressBookAnswerSchema) } },
    async (req) => book(principalOf(req).id),
  );

  app.post(
    '/api/user/addresses',
    { ...asUser, schema: { body: newAddressSchema, response: responses(addressAnswerSchema) } },
    async (req): Promise<AddressAnswer> => {
      const row = await addAddress(db, principalOf(req).id, req.body);
      return { success: true, address: toSavedAddress(row) };
    },
  );

  app.put(
    '/api/user/addresses/:id',
    {
      ...asUser,
      schema: {
        params: addressParamsSchema,
        body: addressChangesSchema,
        response: responses(addressAnswerSchema),
      },
    },
    async (req): Promise<AddressAnswer> => {
      const row = await updateAddress(db, principalOf(req).id, req.params.id, req.body);
      return { success: true, address: toSavedAddress(row) };
    },
  );

  app.delete(
    '/api/user/addresses/:id',
    { ...asUser, schema: { params: addressParamsSchema, response: responses(addressBookAnswerSchema) } },
    async (req): Promise<AddressBookAnswer> => {
      const userId = principalOf(req).id;
      await deleteAddress(db, userId, req.params.id);
      return book(userId);
    },
  );
}
