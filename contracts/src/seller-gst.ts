import { z } from 'zod';
import { gstinProblem, gstinStateCode, normaliseGstin } from './gstin.ts';
import { INDIAN_STATES } from './india.ts';
import { indianStateSchema } from './state-schema.ts';
import { textField } from './text.ts';

/**
 * A seller's GST registration (DESIGN §11): GSTIN, legal name and registered state. At seller
 * registration all three are optional (the original client sends none); `PUT /api/seller/gst-details`
 * sets them later. The state, when left out, is the GSTIN's; when both are given they must agree.
 */

export const gstinSchema = textField('GSTIN')
  .transform(normaliseGstin)
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const legalNameSchema = textField('Legal name')
  .trim()
  .min(2, 'Legal name must be at least 2 characters')
  .max(120, 'Legal name must be at most 120 characters');

const stateOfGstin = (gstin: string) => INDIAN_STATES.find((s) => s.gstCode === gstinStateCode(gstin));

/** The state must be the GSTIN's (its first two digits are the state's GST code). */
function stateAgrees(v: { gstin?: string; state?: string }, ctx: z.RefinementCtx) {
  if (!v.gstin || !v.state) return;
  const registered = stateOfGstin(v.gstin);
  if (registered && registered.name !== v.state)
    ctx.addIssue({
      code: 'custom',
      path: ['state'],
      message: `A GSTIN starting ${registered.gstCode} is registered in ${registered.name}, not ${v.state}`,
    });
}

/** The optional GST fields of `POST /api/auth/seller/register`. */
export const sellerGstFields = {
  gstin: gstinSchema.optional(),
  legalName: legalNameSchema.optional(),
  state: indianStateSchema.optional(),
};

/** `PUT /api/seller/gst-details`. */
export const sellerGstSchema = z
  .object({ gstin: gstinSchema, legalName: legalNameSchema, state: indianStateSchema.optional() })
  .superRefine(stateAgrees);
export type SellerGstInput = z.input<typeof sellerGstSchema>;

export { stateAgrees as sellerStateAgrees, stateOfGstin };

/** A seller's GST registration as the profile shows it. */
export const sellerGstAnswerFields = {
  gstin: z.string().nullable(),
  legalName: z.string(),
  state: z.string(),
  /** May this seller's products be published? False in `india` mode until a GSTIN is given. */
  canPublish: z.boolean(),
};

/** Answer of `PUT /api/seller/gst-details`: `published` counts the products it made visible. */
export const sellerGstAnswerSchema = z.object({
  success: z.literal(true),
  gstin: z.string(),
  legalName: z.string(),
  state: z.string(),
  published: z.int(),
});
export type SellerGstAnswer = z.infer<typeof sellerGstAnswerSchema>;
