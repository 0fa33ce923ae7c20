import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { otpRequestAnswerSchema, otpSchema } from './phone.ts';
import { textField } from './text.ts';

/** COD confirmation: request and answer schemas (issue 39). */

/** `POST /api/orders/cod-confirm`: the signed token of the link sent by SMS or WhatsApp. */
export const codConfirmTokenSchema = z.object({ token: textField('Token').max(200) });
export type CodConfirmTokenInput = z.input<typeof codConfirmTokenSchema>;

/** `POST /api/user/orders/{orderId}/cod-confirm`: the one-time code sent to the order's mobile. */
export const codConfirmOtpSchema = z.object({ otp: otpSchema });
export type CodConfirmOtpInput = z.input<typeof codConfirmOtpSchema>;

/**
 * Answer of a confirmation (by link or code): the order is confirmed (again: confirming twice answers
 * the same). `orderId` lets the link's page open the order.
 */
export const codConfirmAnswerSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  confirmedAt: isoDateSchema,
});
export type CodConfirmAnswer = z.infer<typeof codConfirmAnswerSchema>;

/**
 * Answer of `POST /api/user/orders/{orderId}/cod-confirm/request`: a code went to the order's
 * mobile, shown masked (`******3210`); another may be asked for after `resendAfterSeconds`.
 */
export const codConfirmCodeAnswerSchema = otpRequestAnswerSchema.extend({ sentTo: z.string() });
export type CodConfirmCodeAnswer = z.infer<typeof codConfirmCodeAnswerSchema>;
