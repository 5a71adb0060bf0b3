import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pluginAuth } from '../../db/schema.ts';
import { decryptSecret, DecryptError, encryptSecret } from '../crypto/secret-box.ts';

/**
 * A user's plugin credentials, one AES-256-GCM sealed row per auth field under CREDS_KEY. The
 * owner, plugin and field are bound into each seal, so a row moved elsewhere does not decrypt.
 */
const sealContext = (userId: string, pluginKey: string, authField: string) => `plugin-auth:${userId}:${pluginKey}:${authField}`;
const owned = (userId: string, pluginKey: string) => and(eq(pluginAuth.userId, userId), eq(pluginAuth.pluginKey, pluginKey));

/** Replaces every stored credential of the plugin with `values`, in one transaction. */
export async function storePluginAuth(db: Db, credsKey: string, userId: string, pluginKey: string, values: Record<string, string>): Promise<void> {
  const rows = Object.entries(values).map(([authField, value]) => ({
    userId,
    pluginKey,
    authField,
    ciphertext: encryptSecret(credsKey, value, sealContext(userId, pluginKey, authField)),
  }));
  await db.transaction(async (tx) => {
    await tx.delete(pluginAuth).where(owned(userId, pluginKey));
    if (rows.length > 0) await tx.insert(pluginAuth).values(rows);
  });
}

/** The user's credentials for one plugin, field → value; a field sealed under another key is left out. */
export async function readPluginAuth(db: Db, credsKey: string, userId: string, pluginKey: string): Promise<Record<string, string>> {
  const rows = await db.select().from(pluginAuth).where(owned(userId, pluginKey));
  const values: Record<string, string> = {};
  for (const row of rows) {
    try {
      values[row.authField] = decryptSecret(credsKey, row.ciphertext, sealContext(userId, pluginKey, row.authField));
    } catch (error) {
      if (!(error instanceof DecryptError)) throw error;
    }
  }
  return values;
}

/** Which plugins the user holds any credential for (no values are read). */
export async function pluginsWithAuth(db: Db, userId: string): Promise<Map<string, Set<string>>> {
  const rows = await db.select({ pluginKey: pluginAuth.pluginKey, authField: pluginAuth.authField }).from(pluginAuth).where(eq(pluginAuth.userId, userId));
  const fields = new Map<string, Set<string>>();
  for (const row of rows) fields.set(row.pluginKey, (fields.get(row.pluginKey) ?? new Set()).add(row.authField));
  return fields;
}

/** Revokes the user's credentials for one plugin; answers how many fields went. */
export async function deletePluginAuth(db: Db, userId: string, pluginKey: string): Promise<number> {
  const deleted = await db.delete(pluginAuth).where(owned(userId, pluginKey)).returning({ id: pluginAuth.id });
  return deleted.length;
}
