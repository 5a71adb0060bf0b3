import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { files, messages } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFile(db: Db, row: NewFileRow): Promise<FileRow> {
  const [saved] = await db.insert(files).values(row).returning();
  return saved!;
}

/** Bytes of every file an owner keeps (uploads and generated pictures, thumbnails aside). */
export async function storedBytes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ total: sql<string | null>`sum(${files.bytes})` }).from(files).where(eq(files.userId, userId));
  return Number(row?.total ?? 0);
}

/** The caller's file, or undefined: another owner's id reads as missing. */
export async function findOwnedFile(db: Db, userId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(and(eq(files.userId, userId), eq(files.id, id))).limit(1);
  return row;
}

/** The caller's files among `ids`, in the order asked; ids that are not theirs are left out. */
export async function findOwnedFiles(db: Db, userId: string, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(files).where(and(eq(files.userId, userId), inArray(files.id, [...ids])));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Marks files as used by a message, so losing their last message makes them orphans at once. */
export async function markFilesUsed(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(files).set({ usedAt: sql`now()` }).where(and(eq(files.userId, userId), inArray(files.id, [...ids]), isNull(files.usedAt)));
}

export interface OrphanQuery {
  /** Unused uploads younger than this are still being written into a message; they stay. */
  uploadedBefore: Date;
  userId?: string;
}

/**
 * Deletes and answers the rows of files no message references: ones that were used and lost
 * their last message, and unused uploads older than the grace period. One statement, so a
 * message saved meanwhile keeps its file; the GIN index on `messages.files` answers each probe.
 */
export function deleteOrphanRows(db: Db, query: OrphanQuery): Promise<FileRow[]> {
  const unreferenced = sql`not exists (select 1 from ${messages} where ${messages.files} @> jsonb_build_array(jsonb_build_object('file_id', ${files.id})))`;
  const stale = or(sql`${files.usedAt} is not null`, lt(files.createdAt, query.uploadedBefore));
  const owner = query.userId ? eq(files.userId, query.userId) : undefined;
  return db.delete(files).where(and(owner, stale, unreferenced)).returning();
}
