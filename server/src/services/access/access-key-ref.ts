import { ACCESS_KEY_PREFIX_LENGTH, isAccessKey } from '@parley/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessKeys } from '../../db/schema.ts';
import { hashAccessKey } from './access-key-secret.ts';
import type { AccessKeyRow } from './access-key-store.ts';

export class KeyRefError extends Error {}

const isDisplayPrefix = (ref: string) => ref.length === ACCESS_KEY_PREFIX_LENGTH && /^sk-[A-Za-z0-9]+$/.test(ref);
const keys = (n: number) => (n === 1 ? '1 key has' : `${n} keys have`);

/**
 * A key named by an operator (key:revoke, key:add-quota): the whole key, or exactly its display
 * prefix as key:list shows it (`sk-` + 4) when no other key shares it. Only that prefix is stored
 * in clear, so anything longer than it but short of the whole key cannot be checked past it and
 * is refused rather than matched on its first characters.
 */
export async function resolveKeyRef(db: Db, ref: string): Promise<AccessKeyRow> {
  if (isAccessKey(ref)) {
    const [row] = await db.select().from(accessKeys).where(eq(accessKeys.keyHash, hashAccessKey(ref)));
    if (!row) throw new KeyRefError('No such key');
    return row;
  }
  const prefix = ref.slice(0, ACCESS_KEY_PREFIX_LENGTH);
  const rows = await db.select().from(accessKeys).where(eq(accessKeys.prefix, prefix));
  if (!isDisplayPrefix(ref)) {
    const shared = ref.length > ACCESS_KEY_PREFIX_LENGTH && isDisplayPrefix(prefix) ? `; ${keys(rows.length)} the prefix ${prefix}` : '';
    throw new KeyRefError(`${ref} is neither a whole key nor a ${ACCESS_KEY_PREFIX_LENGTH}-character prefix as key:list shows it${shared}`);
  }
  if (rows.length === 0) throw new KeyRefError(`No key has the prefix ${ref}`);
  if (rows.length > 1) throw new KeyRefError(`${keys(rows.length)} the prefix ${ref}; give the whole key`);
  return rows[0]!;
}
