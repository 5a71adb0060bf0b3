import { businessSettingsSchema, type BusinessSettingName, type BusinessSettings, type BusinessSettingsPatch } from '@parley/core';
import { inArray, sql } from 'drizzle-orm';
import type { Logger } from '../../app/logger.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { businessSettings } from '../../db/schema.ts';

/** The stored settings, one row per field; a row that no longer parses (an older shape) is logged and left out. */
export async function readBusinessSettings(db: Queryable, log: Logger): Promise<BusinessSettings> {
  const rows = await db.select().from(businessSettings);
  const settings: Record<string, unknown> = {};
  for (const row of rows) {
    const field = businessSettingsSchema.shape[row.name as BusinessSettingName];
    const parsed = field?.safeParse(row.value);
    if (parsed?.success) settings[row.name] = parsed.data;
    else log.warn({ setting: row.name }, 'a stored business setting is not valid; using the environment default');
  }
  return settings as BusinessSettings;
}

/** Writes what a change did (its audit entry) with the transaction of the change. */
export type RecordChange = (tx: Queryable, change: { before: BusinessSettings; after: BusinessSettings }) => Promise<void>;

/** Stores the changed fields and removes the ones set to null, in one transaction; answers the settings before and after. */
export async function writeBusinessSettings(db: Db, log: Logger, patch: BusinessSettingsPatch, record?: RecordChange) {
  return db.transaction(async (tx) => {
    const before = await readBusinessSettings(tx, log);
    const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
    const removed = entries.filter(([, value]) => value === null).map(([name]) => name);
    const set = entries.filter(([, value]) => value !== null);
    if (removed.length > 0) await tx.delete(businessSettings).where(inArray(businessSettings.name, removed));
    for (const [name, value] of set) {
      await tx
        .insert(businessSettings)
        .values({ name, value })
        .onConflictDoUpdate({ target: businessSettings.name, set: { value, updatedAt: sql`now()` } });
    }
    const change = { before, after: await readBusinessSettings(tx, log) };
    await record?.(tx, change);
    return change;
  });
}
