import { isRedemptionCode, normalizeAccessKey, normalizeRedemptionCode, type RedeemCodeRequest, type RedeemCodeResponse } from '@parley/core';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { redemptionCodes } from '../../db/schema.ts';
import { AppError } from '../../app/errors.ts';
import { addAccessKeyQuota, createAccessKey, findKeyWithOwner, keyState } from '../access/access-key-store.ts';
import { AmountOverflow } from '../access/safe-amount.ts';
import { hashRedemptionCode } from './redemption-code-secret.ts';

/** Why a redemption was refused; `invalid_code` ones count as guesses. */
export class RedeemRefused extends AppError {}

const invalidCode = () => new RedeemRefused('invalid_code');

/**
 * Redeems a code once: in one transaction, a conditional update moves it from unused (and not
 * expired) to redeemed, then its quota goes to the key presented (`topup`) or to a new key
 * (`new-key`). Anything refused after the update rolls it back, so the code stays unused.
 * Concurrent redemptions of one code wait on its row and find it redeemed: exactly one wins.
 */
export async function redeemCode(db: Db, request: RedeemCodeRequest): Promise<RedeemCodeResponse> {
  const code = normalizeRedemptionCode(request.code);
  if (!isRedemptionCode(code)) throw invalidCode();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(redemptionCodes)
        .set({ status: 'redeemed', redeemedAt: sql`now()` })
        .where(
          and(
            eq(redemptionCodes.codeHash, hashRedemptionCode(code)),
            eq(redemptionCodes.status, 'unused'),
            or(isNull(redemptionCodes.expiresAt), gt(redemptionCodes.expiresAt, sql`now()`)),
          ),
        )
        .returning();
      if (!row) throw invalidCode();
      if (row.kind === 'new-key') {
        const { key, row: keyRow } = await createAccessKey(tx, { quota: row.quota, days: row.keyDays ?? undefined, note: row.note ?? `code ${row.prefix}`, entryKind: 'redeem' });
        await tx.update(redemptionCodes).set({ redeemedKeyId: keyRow.id }).where(eq(redemptionCodes.id, row.id));
        return { kind: 'new-key' as const, key, quota: keyRow.quota, expiresAt: keyRow.expiresAt?.toISOString() ?? null };
      }
      const found = request.apikey ? await findKeyWithOwner(tx, normalizeAccessKey(request.apikey)) : undefined;
      if (!found || keyState(found.key) !== 'active') throw new RedeemRefused('invalid_api_key', 'This code tops up a key: set a valid, unexpired key first.');
      const quota = await addAccessKeyQuota(tx, found.key.id, row.quota, { kind: 'redeem' });
      await tx.update(redemptionCodes).set({ redeemedKeyId: found.key.id }).where(eq(redemptionCodes.id, row.id));
      return { kind: 'topup' as const, added: row.quota, quota };
    });
  } catch (error) {
    if (error instanceof AmountOverflow) throw new RedeemRefused('validation', error.message);
    throw error;
  }
}
