import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { nonAccountProviders } from '../access/owner-kinds.ts';

export type UserRow = typeof users.$inferSelect;

export interface SocialProfile {
  provider: string;
  providerId: string;
  email: string;
  name: string;
  avatar?: string | null;
  emailVerified: boolean;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Emails are matched case-insensitively, the same way the unique index compares them. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export function isBanned(row: Pick<UserRow, 'bannedUntil'>, now = new Date()): boolean {
  return row.bannedUntil !== null && row.bannedUntil.getTime() > now.getTime();
}

/** Accounts only: the owner rows of access keys and anonymous visitors are not people who sign in. */
export const isAccount = notInArray(users.provider, [...nonAccountProviders]);

/** Whether an address is one of ADMIN_EMAILS (already trimmed and lower-cased). */
const isAdminEmail = (email: string, adminEmails: readonly string[]) => adminEmails.includes(email.trim().toLowerCase());

/** The first account of an instance administers it, as in LibreChat; so does an address of ADMIN_EMAILS. */
export async function roleForNewUser(db: Db, email: string, adminEmails: readonly string[] = []): Promise<'admin' | 'user'> {
  if (isAdminEmail(email, adminEmails)) return 'admin';
  const [row] = await db.select({ id: users.id }).from(users).where(isAccount).limit(1);
  return row ? 'user' : 'admin';
}

/**
 * Resolves a social login to an account: the same provider identity first; else an existing
 * account with the same address, but only when the provider vouches for it (an unverified
 * address would let anyone claim someone else's account); else a new account.
 */
export async function findOrCreateSocialUser(db: Db, profile: SocialProfile, adminEmails: readonly string[] = []): Promise<UserRow> {
  const [linked] = await db
    .select()
    .from(users)
    .where(and(eq(users.provider, profile.provider), eq(users.providerId, profile.providerId)))
    .limit(1);
  if (linked) return linked;

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified) throw new SocialEmailConflictError(profile.email);
    const [updated] = await db
      .update(users)
      .set({
        provider: profile.provider,
        providerId: profile.providerId,
        avatar: existing.avatar ?? profile.avatar ?? null,
        emailVerified: true,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }

  const [created] = await db
    .insert(users)
    .values({
      name: profile.name,
      email: profile.email.trim(),
      avatar: profile.avatar ?? null,
      provider: profile.provider,
      providerId: profile.providerId,
      emailVerified: profile.emailVerified,
      role: await roleForNewUser(db, profile.email, adminEmails),
    })
    .returning();
  return created!;
}

/** An unverified social address collides with an existing account; linking it would hand that account over. */
export class SocialEmailConflictError extends Error {
  constructor(email: string) {
    super(`An account for ${email} exists and the provider did not verify the address`);
  }
}
