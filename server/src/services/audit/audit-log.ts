import type { AdminActor, AdminPage, AuditEntry, AuditQuery } from '@parley/core';
import { and, count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { presentAuditEntry } from '../../presenters/present-audit-entry.ts';

export interface AuditRecord {
  actor: AdminActor;
  /** `<area>.<verb>`: `user.ban`, `channel.disable`, `key.create`… */
  action: string;
  /** What was acted on, as the console names it (an address, a channel name, a key prefix). */
  target?: string;
  /** The state before and after, secrets left out by the caller. */
  before?: unknown;
  after?: unknown;
  ip: string;
}

/**
 * Writes one audit entry. Call it with the transaction of the change it records, so the change
 * and its record are stored together or not at all.
 */
export async function recordAudit(db: Queryable, entry: AuditRecord): Promise<void> {
  const { actor } = entry;
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    actorUserId: actor.kind === 'account' ? actor.userId : null,
    actorEmail: actor.kind === 'account' ? actor.email : null,
    action: entry.action,
    target: entry.target ?? null,
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
    ip: entry.ip,
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the audit log, newest first, filtered by action, area and a search of target and actor. */
export async function listAudit(db: Queryable, query: AuditQuery): Promise<AdminPage<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.area) filters.push(like(auditLog.action, `${escapeLike(query.area)}.%`));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(auditLog.target, pattern), ilike(auditLog.actorEmail, pattern), ilike(auditLog.action, pattern))!);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map(presentAuditEntry), total: total?.n ?? 0 };
}
