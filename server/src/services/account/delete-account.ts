import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { files, users } from '../../db/schema.ts';
import { deleteStored } from '../files/orphan-sweeper.ts';

/**
 * Deletes an account with everything it owns: the row goes in one statement and takes its
 * conversations, messages, share links, presets, provider keys, API tokens, sessions and file
 * rows along (ON DELETE CASCADE); then the files' stored bytes are removed. Payment orders stay
 * as the operator's records, without the account (ON DELETE SET NULL).
 */
export async function deleteAccount(ctx: Pick<AppContext, 'db' | 'files' | 'log' | 'authUsers'>, userId: string): Promise<{ files: number }> {
  const stored = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(files).where(eq(files.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return rows;
  });
  ctx.authUsers.forget(userId);
  for (const row of stored) await deleteStored(ctx, row);
  ctx.log.info({ userId, files: stored.length }, 'an account was deleted by its owner, with its data');
  return { files: stored.length };
}
