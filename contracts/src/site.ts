import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { okMessageAnswerSchema } from './answers.ts';
import { PAYMENT_METHODS, TEXT_LIMITS, type TextLimit } from './form-rules.ts';
import { textField } from './text.ts';

/** Answer of `GET /api/site`: the business details the footer, contact page and policies show. */
export const siteInfoSchema = z.object({
  shopName: z.string(),
  slogans: z.array(z.string()),
  ownerName: z.string(),
  address: z.string(),
  email: z.string(),
  /** Two contact numbers (SPEC §1). */
  phones: z.tuple([z.string(), z.string()]),
  gstin: z.string(),
  grievanceOfficer: z.object({ name: z.string(), email: z.string() }),
  /** Courts named in the terms of service. */
  jurisdiction: z.string(),
  /** The shop's public address. */
  website: z.string(),
  gstPercent: z.number(),
  deliveryPromise: z.string(),
  /** Days after delivery within which a return can be asked for. */
  returnWindowDays: z.int(),
  /**
   * The payment methods offered at checkout, in order: `Razorpay` (UPI, cards, netbanking, wallets;
   * the built-in test page when no keys are set), `Stripe` (cards) when configured, `COD`.
   */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** No payment provider is set up: online payments go to the built-in test page. */
  testPayments: z.boolean(),
  /** Working days a refund takes to reach the customer once approved. */
  refundDays: z.int(),
  copyrightYears: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

const text = (label: string, { min, max }: TextLimit) =>
  textField(label)
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

/** `POST /api/contact`: the contact page's form (SPEC §2 /contacts). */
export const contactSchema = z.object({
  name: text('Name', TEXT_LIMITS.contactName),
  email: emailSchema,
  subject: text('Subject', TEXT_LIMITS.contactSubject),
  message: text('Message', TEXT_LIMITS.contactMessage),
});
export type ContactInput = z.input<typeof contactSchema>;

/** Answer of `POST /api/contact` (status 201). */
export const contactAnswerSchema = okMessageAnswerSchema;
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;
