import { deleteProductSchema } from '@vastra/contracts';
import { AppError } from '../../lib/errors.ts';

/** DELETE carries productId in its body (SPEC §7); some clients can only send it in the query. */
export function productIdToDelete(body: unknown, query: unknown): string {
  const source =
    body && typeof body === 'object' && 'productId' in body ? body : (query as Record<string, unknown>);
  const parsed = deleteProductSchema.safeParse(source ?? {});
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ msg: i.message, path: 'productId' }));
    throw new AppError('BAD_REQUEST', fields[0]!.msg, fields);
  }
  return parsed.data.productId;
}
