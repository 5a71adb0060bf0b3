import type { Db } from '../../db/client.ts';
import { AdminError, requireUserByEmail } from '../users/user-admin.ts';
import { KeyRefError, resolveKeyRef } from './access-key-ref.ts';
import { addAccessKeyQuota, createAccessKey, keyState, listAccessKeys, revokeAccessKey } from './access-key-store.ts';
import { addTokenBalance } from './token-balance.ts';

export const accessAdminUsage = `  key:create --quota <n> [--days <d>] [--note <text>]   (prints the new key alone on its last line)
  key:list
  key:revoke <key or prefix>
  key:add-quota <key or prefix> <n>
  user:add-balance --email <e> <credits>   (token credits, CHECK_BALANCE)`;

export const accessAdminOptions = {
  quota: { type: 'string' },
  days: { type: 'string' },
  note: { type: 'string' },
} as const;

function count(value: unknown, what: string, { allowZero = true } = {}): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || (!allowZero && n === 0)) throw new AdminError(`${what} must be a whole number${allowZero ? '' : ' above 0'}`);
  return n;
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
  values: { quota?: string; days?: string; note?: string; email?: string };
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
      const { key, row } = await createAccessKey(db, { quota, days, note: values.note });
      const expiry = row.expiresAt ? `expires ${row.expiresAt.toISOString()}` : 'never expires';
      return `Created key ${row.prefix}… with quota ${row.quota}, ${expiry}. It is shown this once:\n${key}`;
    }
    case 'key:list': {
      const rows = await listAccessKeys(db);
      if (rows.length === 0) return 'No keys';
      const header = ['prefix', 'state', 'quota', 'used', 'expires', 'created', 'note'].join('\t');
      const lines = rows.map((r) =>
        [`${r.prefix}…`, keyState(r), r.quota, r.used, r.expiresAt?.toISOString() ?? 'never', r.createdAt.toISOString(), r.label ?? ''].join('\t'),
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
      const quota = await addAccessKeyQuota(db, row.id, amount);
      return `Added ${amount} quota to key ${row.prefix}…; it now has ${quota}`;
    }
    case 'user:add-balance': {
      if (!values.email) throw new AdminError(`--email is required\n${accessAdminUsage}`);
      const credits = count(args[0], 'The credits to add', { allowZero: false });
      const user = await requireUserByEmail(db, values.email);
      const balance = await addTokenBalance(db, user.id, credits, input.startBalance);
      return `Added ${credits} credits to ${user.email}; the balance is now ${balance}`;
    }
    default:
      return undefined;
  }
}
