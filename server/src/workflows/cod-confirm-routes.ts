import {
  type CodConfirmAnswer,
  type CodConfirmCodeAnswer,
  codConfirmAnswerSchema,
  codConfirmCodeAnswerSchema,
  codConfirmOtpSchema,
  codConfirmTokenSchema,
  localeOfCookie,
  orderParamsSchema,
  responses,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../modules/accounts/index.ts';
import { confirmByCode, confirmByLink, requestCodConfirmCode } from './cod-confirm.ts';

/**
 * COD confirmation (issue 39): by the link sent to the shopper's phone (no sign-in: the signed token
 * names the order), or on the order page with a one-time code sent to the order's mobile.
 */
export default async function codConfirmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const asUser = { onRequest: requireRole('user') };
  const confirmed = { response: responses(codConfirmAnswerSchema) };

  app.post(
    '/api/orders/cod-confirm',
    { schema: { body: codConfirmTokenSchema, ...confirmed } },
    async (req): Promise<CodConfirmAnswer> => confirmByLink(app.deps, req.body.token),
  );

  app.post(
    '/api/user/orders/:orderId/cod-confirm/request',
    { ...asUser, schema: { params: orderParamsSchema, response: responses(codConfirmCodeAnswerSchema) } },
    async (req): Promise<CodConfirmCodeAnswer> =>
      requestCodConfirmCode(
        app.deps,
        principalOf(req).id,
        req.params.orderId,
        localeOfCookie(req.headers.cookie) ?? 'en',
      ),
  );

  app.post(
    '/api/user/orders/:orderId/cod-confirm',
    { ...asUser, schema: { params: orderParamsSchema, body: codConfirmOtpSchema, ...confirmed } },
    async (req): Promise<CodConfirmAnswer> =>
      confirmByCode(app.deps, principalOf(req).id, req.params.orderId, req.body.otp),
  );
}
