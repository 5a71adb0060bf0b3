import type { AdminKey, AdminKeysQuery, AdminPage, CreatedKeys, CreateKeysRequest } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { presentAdminKey } from '../../presenters/present-admin-business.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ConsoleCaller } from '../users/user-console.ts';
import { createAccessKeyBatch, extendAccessKey, findAccessKey, searchAccessKeys } from './access-key-admin.ts';
import { addAccessKeyQuota, revokeAccessKey } from './access-key-store.ts';
import { AmountOverflow } from './safe-amount.ts';

export async function listKeysForConsole(db: Db, query: AdminKeysQuery): Promise<AdminPage<AdminKey>> {
  const { rows, total } = await searchAccessKeys(db, query);
  return { items: rows.map(presentAdminKey), total };
}

/** A batch of keys (the CLI's key:create --count), recorded without the keys themselves, which the answer carries this once. */
export async function createKeysFromConsole(db: Db, caller: ConsoleCaller, input: CreateKeysRequest): Promise<CreatedKeys> {
  return db.transaction(async (tx) => {
    const made = await createAccessKeyBatch(tx, input.count, { quota: input.quota, days: input.days, note: input.note || undefined, models: input.models, rpm: input.rpm });
    const keys = made.map(({ key, row }) => ({ key, id: row.id, prefix: row.prefix, quota: row.quota, expiresAt: row.expiresAt?.toISOString() ?? null }));
    await recordAudit(tx, {
      ...caller,
      action: 'key.create',
      target: keys.length === 1 ? `${keys[0]!.prefix}…` : `${keys.length} keys`,
      after: { count: keys.length, quota: input.quota, days: input.days ?? null, note: input.note ?? null, models: input.models ?? null, rpm: input.rpm ?? null, prefixes: keys.map((k) => k.prefix) },
    });
    return { keys };
  });
}

/** Runs a change of one key in a transaction with its audit entry (the state before and after, never the hash). */
async function changeKey(db: Db, caller: ConsoleCaller, id: string, action: string, change: (tx: Queryable) => Promise<unknown>): Promise<AdminKey> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findAccessKey(tx, id);
      if (!before) throw new AppError('not_found', 'No such key.');
      await change(tx);
      const after = presentAdminKey((await findAccessKey(tx, id))!);
      const state = (k: AdminKey) => ({ state: k.state, quota: k.quota, expiresAt: k.expiresAt });
      await recordAudit(tx, { ...caller, action, target: `${before.prefix}…`, before: state(presentAdminKey(before)), after: state(after) });
      return after;
    });
  } catch (error) {
    if (error instanceof AmountOverflow) throw new AppError('validation', error.message);
    throw error;
  }
}

export const addKeyQuotaFromConsole = (db: Db, caller: ConsoleCaller, id: string, amount: number) =>
  changeKey(db, caller, id, 'key.add-quota', (tx) => addAccessKeyQuota(tx, id, amount));

export const revokeKeyFromConsole = (db: Db, caller: ConsoleCaller, id: string) => changeKey(db, caller, id, 'key.revoke', (tx) => revokeAccessKey(tx, id));

export const extendKeyFromConsole = (db: Db, caller: ConsoleCaller, id: string, days: number) => changeKey(db, caller, id, 'key.extend', (tx) => extendAccessKey(tx, id, days));
