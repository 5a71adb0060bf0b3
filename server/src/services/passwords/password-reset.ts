import { timingSafeEqual } from 'node:crypto';
import type { PasswordResetAnswer, ResetPasswordInput } from '@parley/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { passwordResetMail } from '../mail/password-reset-mail.ts';
import { newOpaqueToken, sha256 } from '../sessions/refresh-token.ts';
import { revokeUserSessions } from '../sessions/session-service.ts';
import { findUserByEmail, type UserRow } from '../users/user-service.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** SPEC point 8 confirmations. */
export const resetMessages = {
  mailSent: 'An email has been sent to you with further instructions to reset your password.',
  linkReady: 'Email is not enabled on this server. Use this link to reset your password.',
  passwordReset: 'You may now login with your new password.',
} as const;

/**
 * Issues a single-use reset token (only its hash is stored) and answers the link to it on
 * `publicUrl`. Older unused tokens of the user are voided.
 */
export async function issueResetLink(db: Queryable, user: Pick<UserRow, 'id'>, publicUrl: string): Promise<string> {
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });

  return `${publicUrl.replace(/\/+$/, '')}/reset-password?${new URLSearchParams({ token, userId: user.id })}`;
}

/**
 * Delivers a reset link by mail. Without mail the link goes back in the answer only when the
 * operator opted in (ALLOW_PASSWORD_RESET_LINK); otherwise whoever asks could reset anyone's
 * password, so the request is refused before any account is looked at.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<PasswordResetAnswer> {
  const { mailer, env } = ctx;
  if (!mailer && !env.ALLOW_PASSWORD_RESET_LINK) throw new AppError('password_reset_unavailable');
  // The env schema requires PUBLIC_URL with mail or the in-page link, so this is a broken invariant.
  if (!env.PUBLIC_URL) throw new Error('PUBLIC_URL is required to build password reset links');
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError('reset_user_not_found');

  const link = await issueResetLink(ctx.db, user, env.PUBLIC_URL);
  if (!mailer) return { message: resetMessages.linkReady, link };
  await mailer.send(passwordResetMail({ to: user.email, name: user.name, appTitle: ctx.env.APP_TITLE, link }));
  return { message: resetMessages.mailSent };
}

/** The reset rows of `userId` that can still be spent at `now`. */
const liveResetsOf = (userId: string, now: Date) =>
  and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/**
 * Whether `token` is one of the user's live reset tokens: their few live hashes are read (by
 * the user index) and compared in constant time, so a forged token costs one small query.
 */
async function isLiveResetToken(db: Db, userId: string, token: string): Promise<boolean> {
  const presented = Buffer.from(sha256(token), 'hex');
  const live = await db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets).where(liveResetsOf(userId, new Date()));
  return live.some(({ tokenHash }) => timingSafeEqual(Buffer.from(tokenHash, 'hex'), presented));
}

/**
 * Spends a reset token and sets the new password. The token is checked before the password is
 * hashed, so forged resets never reach the hashing queue; it is then claimed by one conditional
 * UPDATE, so two submissions of the same link cannot both succeed; open sessions end.
 */
export async function resetPassword(ctx: Pick<AppContext, 'db' | 'passwords'>, input: ResetPasswordInput): Promise<void> {
  const { db } = ctx;
  if (!(await isLiveResetToken(db, input.userId, input.token))) throw new AppError('reset_token_invalid');
  const passwordHash = await ctx.passwords.hash(input.password);
  const done = await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(liveResetsOf(input.userId, now), eq(passwordResets.tokenHash, sha256(input.token))))
      .returning({ userId: passwordResets.userId });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    await revokeUserSessions(tx, claimed.userId);
    return true;
  });
  if (!done) throw new AppError('reset_token_invalid');
}
