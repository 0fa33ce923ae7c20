import { z } from 'zod';
import { errorBodySchema } from './errors.ts';

/**
 * Building blocks of the answer schemas. Every route declares its answers with these schemas:
 * Fastify serialises through them (a handler answering another shape fails loudly in tests, as a
 * 500) and `/api/docs` shows them. They mirror the answers exactly, field order included, because
 * the serialiser writes the fields in the schema's order and the SPEC §7 answers must not change.
 */

/** ISO 8601 timestamp as `Date.prototype.toISOString` writes it. */
export const isoDateSchema = z.iso.datetime();

/** `{ success: true }`: the answer of a call that only has to say it worked. */
export const okAnswerSchema = z.object({ success: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswerSchema>;

/** `{ success: true, message }`: a call that worked, with the sentence to show (e.g. a toast). */
export const okMessageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type OkMessageAnswer = z.infer<typeof okMessageAnswerSchema>;

/**
 * The error answers any route may give (DESIGN §4: one shape for every error), to spread into a
 * route's `response` next to its success answers.
 */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** A route's `response`: `ok` as its 200 answer, and the shared error answers. */
export const responses = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

/** Answer of `GET /api/health`: the process is up and its database answers. */
export const healthAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
