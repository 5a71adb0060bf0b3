import { BATCH_MAX } from '@parley/core';
import type { Db } from '../../db/client.ts';
import { createAccessKeyBatch, extendAccessKey } from './access-key-admin.ts';
import { AdminError, requireUserByEmail } from '../users/user-admin.ts';
import { KeyRefError, resolveKeyRef } from './access-key-ref.ts';
import { addAccessKeyQuota, createAccessKey, keyState, listAccessKeys, revokeAccessKey } from './access-key-store.ts';
import { AmountOverflow } from './safe-amount.ts';
import { addTokenBalance } from './token-balance.ts';

export const accessAdminUsage = `  key:create --quota <n> [--days <d>] [--note <text>] [--models <a,b>] [--rpm <n>] [--count <n>]
                                           (prints the new key alone on its last line, or --count keys one a line; --models: the only models it may use; --rpm: API requests per minute)
  key:list
  key:revoke <key or prefix>
  key:add-quota <key or prefix> <n>
  key:extend <key or prefix> <days>        (from its expiry, or from now once expired)
  user:add-balance --email <e> <credits>   (token credits, CHECK_BALANCE)`;

export const accessAdminOptions = {
  quota: { type: 'string' },
  days: { type: 'string' },
  note: { type: 'string' },
  models: { type: 'string' },
  rpm: { type: 'string' },
  count: { type: 'string' },
} as const;

/** Model ids are at most this long, as an ask's `model` is. */
const MODEL_ID_MAX = 200;
const MODELS_MAX = 100;

function count(value: unknown, what: string, { allowZero = true } = {}): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || (!allowZero && n === 0)) throw new AdminError(`${what} must be a whole number${allowZero ? '' : ' above 0'}`);
  return n;
}

/** `--models a,b`: the key's allow-list, each id as an ask names it. */
function modelList(value: string): string[] {
  const ids = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
  const bad = ids.find((id) => id.length > MODEL_ID_MAX || /\s/.test(id));
  if (ids.length === 0 || ids.length > MODELS_MAX || bad !== undefined) {
    throw new AdminError(`--models takes 1 to ${MODELS_MAX} model ids separated by commas${bad === undefined ? '' : `; "${bad}" is not one`}`);
  }
  return ids;
}

/** An addition that would pass the largest exact amount is the operator's mistake, said plainly. */
async function adding<T>(add: () => Promise<T>): Promise<T> {
  try {
    return await add();
  } catch (error) {
    if (error instanceof AmountOverflow) throw new AdminError(error.message);
    throw error;
  }
}

async function keyRef(db: Db, ref: string | undefined) {
  if (!ref) throw new AdminError(`Name the key (the whole key or its prefix)\n${accessAdminUsage}`);
  try {
    return await resolveKeyRef(db, ref);
  } catch (error) {
    if (error instanceof KeyRefError) throw new AdminError(error.message);
    throw error;
  }
}

export interface AccessAdminInput {
  command: string;
  /** Positionals after the command. */
  args: string[];
  values: { quota?: string; days?: string; note?: string; models?: string; rpm?: string; count?: string; email?: string };
  startBalance: number;
}

/** The access key and balance commands; undefined when `command` is not one of them. */
export async function runAccessAdminCommand(db: Db, input: AccessAdminInput): Promise<string | undefined> {
  const { command, args, values } = input;
  switch (command) {
    case 'key:create': {
      if (values.quota === undefined) throw new AdminError(`--quota is required\n${accessAdminUsage}`);
      const quota = count(values.quota, '--quota');
      const days = values.days === undefined ? undefined : count(values.days, '--days', { allowZero: false });
      const models = values.models === undefined ? undefined : modelList(values.models);
      const rpm = values.rpm === undefined ? undefined : count(values.rpm, '--rpm', { allowZero: false });
      const batch = values.count === undefined ? 1 : count(values.count, '--count', { allowZero: false });
      if (batch > BATCH_MAX) throw new AdminError(`--count is at most ${BATCH_MAX}`);
      if (batch > 1) {
        const made = await createAccessKeyBatch(db, batch, { quota, days, note: values.note, models, rpm });
        return [`Created ${made.length} keys with quota ${quota} each. They are shown this once:`, ...made.map((m) => m.key)].join('\n');
      }
      const { key, row } = await createAccessKey(db, { quota, days, note: values.note, models, rpm });
      const expiry = row.expiresAt ? `expires ${row.expiresAt.toISOString()}` : 'never expires';
      const only = `${row.models ? `, only for ${row.models.join(', ')}` : ''}${row.rpm ? `, at most ${row.rpm} API requests a minute` : ''}`;
      return `Created key ${row.prefix}… with quota ${row.quota}${only}, ${expiry}. It is shown this once:\n${key}`;
    }
    case 'key:list': {
      const rows = await listAccessKeys(db);
      if (rows.length === 0) return 'No keys';
      const header = ['prefix', 'state', 'quota', 'used', 'expires', 'created', 'models', 'note'].join('\t');
      const lines = rows.map((r) =>
        [`${r.prefix}…`, keyState(r), r.quota, r.used, r.expiresAt?.toISOString() ?? 'never', r.createdAt.toISOString(), r.models?.join(',') ?? 'all', r.label ?? ''].join('\t'),
      );
      return [header, ...lines].join('\n');
    }
    case 'key:revoke': {
      const row = await keyRef(db, args[0]);
      await revokeAccessKey(db, row.id);
      return `Revoked key ${row.prefix}…`;
    }
    case 'key:add-quota': {
      const row = await keyRef(db, args[0]);
      const amount = count(args[1], 'The quota to add', { allowZero: false });
      const quota = await adding(() => addAccessKeyQuota(db, row.id, amount));
      return `Added ${amount} quota to key ${row.prefix}…; it now has ${quota}`;
    }
    case 'key:extend': {
      const row = await keyRef(db, args[0]);
      const days = count(args[1], 'The days to extend by', { allowZero: false });
      const after = await extendAccessKey(db, row.id, days);
      return after?.expiresAt ? `Key ${row.prefix}… now expires ${after.expiresAt.toISOString()}` : `Key ${row.prefix}… never expires; nothing to extend`;
    }
    case 'user:add-balance': {
      if (!values.email) throw new AdminError(`--email is required\n${accessAdminUsage}`);
      const credits = count(args[0], 'The credits to add', { allowZero: false });
      const user = await requireUserByEmail(db, values.email);
      const balance = await adding(() => addTokenBalance(db, user.id, credits, input.startBalance));
      return `Added ${credits} credits to ${user.email}; the balance is now ${balance}`;
    }
    default:
      return undefined;
  }
}
