import { z } from 'zod';

/** Every error answer has this one shape (DESIGN §4). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  errors: z.array(z.object({ msg: z.string(), path: z.string().optional() })),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
