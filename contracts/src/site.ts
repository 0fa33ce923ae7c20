import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { TEXT_LIMITS, type TextLimit } from './form-rules.ts';
import { textField } from './text.ts';

/** Answer of `GET /api/site`: the business details the footer, contact page and policies show. */
export interface SiteInfo {
  shopName: string;
  slogans: string[];
  ownerName: string;
  address: string;
  email: string;
  /** Two contact numbers (SPEC §1). */
  phones: [string, string];
  gstin: string;
  grievanceOfficer: { name: string; email: string };
  /** Courts named in the terms of service. */
  jurisdiction: string;
  /** The shop's public address. */
  website: string;
  deliveryPromise: string;
  gstPercent: number;
  /** Days after delivery within which a return can be asked for. */
  returnWindowDays: number;
  /** Working days a refund takes to reach the customer once approved. */
  refundDays: number;
  copyrightYears: string;
}

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
export interface ContactAnswer {
  success: true;
  message: string;
}
