import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Principal } from '../accounts/index.ts';

/** Records an admin action (who, what, on what) in the caller's transaction. */
export async function recordAudit(
  tx: DbOrTx,
  admin: Pick<Principal, 'id' | 'email'>,
  action: string,
  target: { kind: string; id: string },
  detail?: Record<string, unknown>,
) {
  await tx.insert(auditLog).values({
    adminId: admin.id,
    adminEmail: admin.email ?? '',
    action,
    targetKind: target.kind,
    targetId: target.id,
    detail: detail ?? null,
  });
}

export async function readAuditLog(db: DbOrTx, limit = 200) {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    adminEmail: r.adminEmail,
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    detail: r.detail ?? null,
    date: r.createdAt.toISOString(),
  }));
}
