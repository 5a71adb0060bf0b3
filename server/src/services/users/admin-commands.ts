import { parseArgs } from 'node:util';
import type { Db } from '../../db/client.ts';
import { issueResetLink, RESET_TOKEN_TTL_MS } from '../passwords/password-reset.ts';
import { AdminError, banUser, requireUserByEmail, createUserAccount, deleteUser, listUsers, setUserPassword, setUserRole, unbanUser } from './user-admin.ts';
import { isBanned } from './user-service.ts';
import { accessAdminOptions, accessAdminUsage, runAccessAdminCommand } from '../access/access-admin-commands.ts';
import { channelAdminUsage, runChannelAdminCommand } from '../channels/channel-admin-commands.ts';
import type { Channels } from '../channels/create-channels.ts';

const adminUsage = `Usage: npm run admin -- <command> [options]
  user:create --email <e> --name <n> --password <p> [--admin]
  user:list
  user:ban --email <e> [--minutes <n>]     (no --minutes: until unbanned)
  user:unban --email <e>
  user:delete --email <e>
  user:promote --email <e>                 (an admin of the operator console, /admin)
  user:demote --email <e>
  user:reset-password --email <e> --password <p>
  user:reset-link --email <e>              (prints a one-time link on PUBLIC_URL)
${accessAdminUsage}
${channelAdminUsage}`;

const options = {
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  minutes: { type: 'string' },
  admin: { type: 'boolean' },
  ...accessAdminOptions,
} as const;

function required(values: Record<string, unknown>, ...names: string[]): string[] {
  return names.map((n) => {
    const value = values[n];
    if (typeof value !== 'string' || value.length === 0) throw new AdminError(`--${n} is required\n${adminUsage}`);
    return value;
  });
}

export interface AdminSettings {
  /** Where reset links point (PUBLIC_URL). */
  publicUrl?: string;
  /** START_BALANCE: the credits of an account never charged yet. */
  startBalance?: number;
  /** The upstream channels the channel commands read and change. */
  channels?: Channels;
}

/** Runs one operator command and returns what to print; bad input throws AdminError. */
export async function runAdminCommand(db: Db, argv: string[], settings: AdminSettings = {}): Promise<string> {
  const { positionals, values } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [command] = positionals;
  switch (command) {
    case 'user:create': {
      const [email, name, password] = required(values, 'email', 'name', 'password');
      const row = await createUserAccount(db, { email: email!, name: name!, password: password!, admin: values.admin });
      return `Created ${row.role} ${row.email} (${row.id})`;
    }
    case 'user:list': {
      const rows = await listUsers(db);
      if (rows.length === 0) return 'No users';
      return rows
        .map((r) => [r.email, r.name, r.role, r.provider, isBanned(r) ? `banned until ${r.bannedUntil!.toISOString()}` : 'active'].join('\t'))
        .join('\n');
    }
    case 'user:ban': {
      const [email] = required(values, 'email');
      const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
      if (minutes !== undefined && !(Number.isFinite(minutes) && minutes > 0)) throw new AdminError('--minutes must be a positive number');
      const until = await banUser(db, email!, minutes);
      return `Banned ${email} until ${until.toISOString()}`;
    }
    case 'user:unban': {
      const [email] = required(values, 'email');
      await unbanUser(db, email!);
      return `Unbanned ${email}`;
    }
    case 'user:delete': {
      const [email] = required(values, 'email');
      await deleteUser(db, email!);
      return `Deleted ${email} and everything it owned`;
    }
    case 'user:promote':
    case 'user:demote': {
      const [email] = required(values, 'email');
      const role = command === 'user:promote' ? 'admin' : 'user';
      const before = await setUserRole(db, email!, role);
      return before === role ? `${email} was already ${role === 'admin' ? 'an admin' : 'a user'}` : `${email} is now ${role === 'admin' ? 'an admin' : 'a user'}`;
    }
    case 'user:reset-password': {
      const [email, password] = required(values, 'email', 'password');
      await setUserPassword(db, email!, password!);
      return `Password of ${email} changed; its sessions were signed out`;
    }
    case 'user:reset-link': {
      const [email] = required(values, 'email');
      if (!settings.publicUrl) throw new AdminError('PUBLIC_URL must be set: the link points at it');
      const user = await requireUserByEmail(db, email!);
      const link = await issueResetLink(db, user, settings.publicUrl);
      return `Reset link for ${user.email} (works once, for ${RESET_TOKEN_TTL_MS / 60_000} minutes; send it privately):\n${link}`;
    }
    default: {
      const input = { command: command ?? '', args: positionals.slice(1), values, startBalance: settings.startBalance ?? 0 };
      const channelOutput = command && settings.channels ? await runChannelAdminCommand(settings.channels, command, input.args) : undefined;
      if (channelOutput !== undefined) return channelOutput;
      const output = command ? await runAccessAdminCommand(db, input) : undefined;
      if (output !== undefined) return output;
      throw new AdminError(command ? `Unknown command ${command}\n${adminUsage}` : adminUsage);
    }
  }
}
