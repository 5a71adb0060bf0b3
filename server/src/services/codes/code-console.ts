import type { AdminCode, AdminCodesQuery, AdminPage, CreatedCodes, CreateCodesRequest } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import type { Db } from '../../db/client.ts';
import { presentAdminCode } from '../../presenters/present-admin-business.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ConsoleCaller } from '../users/user-console.ts';
import { createCodeBatch, disableCode, listCodes } from './redemption-code-store.ts';

export async function listCodesForConsole(db: Db, query: AdminCodesQuery): Promise<AdminPage<AdminCode>> {
  const { rows, total } = await listCodes(db, query);
  return { items: rows.map((r) => presentAdminCode(r.code, r.keyPrefix)), total };
}

/** A batch of codes, recorded by its batch id and prefixes; the codes themselves are in the answer only, this once. */
export async function createCodesFromConsole(db: Db, caller: ConsoleCaller, input: CreateCodesRequest): Promise<CreatedCodes> {
  return db.transaction(async (tx) => {
    const batch = await createCodeBatch(tx, input);
    await recordAudit(tx, {
      ...caller,
      action: 'code.create',
      target: `${batch.codes.length} codes`,
      after: { batchId: batch.batchId, kind: input.kind, quota: input.quota, count: batch.codes.length, expiresAt: batch.expiresAt?.toISOString() ?? null, prefixes: batch.codes.map((c) => c.prefix) },
    });
    return { batchId: batch.batchId, codes: batch.codes, expiresAt: batch.expiresAt?.toISOString() ?? null };
  });
}

export async function disableCodeFromConsole(db: Db, caller: ConsoleCaller, id: string): Promise<AdminCode> {
  return db.transaction(async (tx) => {
    const change = await disableCode(tx, id);
    if (!change) throw new AppError('not_found', 'No such code.');
    if (change.after.status !== 'disabled') throw new AppError('validation', 'Only an unused code can be disabled.');
    await recordAudit(tx, { ...caller, action: 'code.disable', target: change.before.prefix, before: { status: change.before.status }, after: { status: change.after.status } });
    return presentAdminCode(change.after, null);
  });
}
