import type { Db } from '../db/client.ts';
import { createAccessKey, type NewAccessKey } from '../services/access/access-key-store.ts';

/** A freshly minted key and the headers that present it (as the web does: bearer). */
export async function mintKey(db: Db, input: NewAccessKey) {
  const { key, row } = await createAccessKey(db, input);
  return { key, row, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } };
}
