import type { AuditEntry } from '@parley/core';
import type { auditLog } from '../db/schema.ts';

/** An audit row as the console shows it. */
export function presentAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorKind === 'operator' ? { kind: 'operator' } : { kind: 'account', userId: row.actorUserId ?? '', email: row.actorEmail ?? '' },
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}
