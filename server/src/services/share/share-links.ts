import { randomBytes } from 'node:crypto';
import { branchTo, fileIdsInText, latestLeaf, messageFileSchema, replaceFileUrls, ROOT_PARENT_ID, sharedFileUrl, type MessageFile, type SharedConversation, type ShareLink } from '@parley/core';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import type { Db } from '../../db/client.ts';
import { conversations, shareLinks } from '../../db/schema.ts';
import { findConversation } from '../conversations/conversation-store.ts';
import { readStoredFile, type StoredFile } from '../files/read-file.ts';
import { findMessage, listMessageLinks, listMessagesById } from '../messages/message-store.ts';

type ShareLinkRow = typeof shareLinks.$inferSelect;

/** 128 random bits, base64url: a link that cannot be guessed. */
const newShareToken = () => randomBytes(16).toString('base64url');

const present = (row: ShareLinkRow, title: string): ShareLink => ({
  id: row.id,
  conversationId: row.conversationId,
  title,
  token: row.token,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Shares the caller's conversation down to `messageId` (its latest branch when none is named).
 * Sharing the same branch again answers the link it already has. Undefined when the conversation
 * or the message is not the caller's, or the conversation has no message yet.
 */
export async function createShareLink(db: Db, userId: string, conversationId: string, messageId?: string): Promise<ShareLink | undefined> {
  const conversation = await findConversation(db, userId, conversationId);
  if (!conversation) return undefined;
  let leafId = messageId;
  if (leafId) {
    const message = await findMessage(db, userId, leafId);
    if (message?.conversationId !== conversationId) return undefined;
  } else {
    leafId = latestLeaf(await listMessageLinks(db, userId, conversationId))?.messageId;
    if (!leafId) return undefined;
  }
  const branch = { userId, conversationId, messageId: leafId };
  const [existing] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.userId, userId), eq(shareLinks.conversationId, conversationId), eq(shareLinks.messageId, leafId)))
    .limit(1);
  const row = existing ?? (await db.insert(shareLinks).values({ ...branch, token: newShareToken() }).returning())[0]!;
  return present(row, conversation.title);
}

/** The caller's share links, newest first, each with its conversation's title as it is now. */
export async function listShareLinks(db: Db, userId: string): Promise<ShareLink[]> {
  const rows = await db
    .select({ link: shareLinks, title: conversations.title })
    .from(shareLinks)
    .innerJoin(conversations, eq(conversations.id, shareLinks.conversationId))
    .where(eq(shareLinks.userId, userId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(500);
  return rows.map(({ link, title }) => present(link, title));
}

/** Revokes one of the caller's links: from this statement on, its page answers 404. Answers whether there was one. */
export async function revokeShareLink(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(shareLinks).where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id))).returning({ id: shareLinks.id });
  return deleted.length > 0;
}

type MessageRow = Awaited<ReturnType<typeof listMessagesById>>[number];

/** The branch a link shows, root first, without the failed replies; undefined for a revoked or unknown link or a deleted conversation. */
async function sharedBranch(db: Db, token: string) {
  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.token, token)).limit(1);
  if (!link) return undefined;
  const conversation = await findConversation(db, link.userId, link.conversationId);
  if (!conversation) return undefined;
  const path = branchTo(await listMessageLinks(db, link.userId, link.conversationId), link.messageId);
  const rows = await listMessagesById(db, link.userId, link.conversationId, path.map((m) => m.messageId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = path.flatMap((m) => {
    const row = byId.get(m.messageId);
    return row && !row.error ? [row] : [];
  });
  return { owner: link.userId, conversation, rows: shown, fileIds: sharedFileIds(shown) };
}

const attachmentsOf = (row: MessageRow): MessageFile[] => (row.files ?? []).flatMap((file) => {
  const parsed = messageFileSchema.safeParse(file);
  return parsed.success ? [parsed.data] : [];
});

/** Every file the branch shows (each message's attachments, then the pictures in its text), in reading order: file n is the n-th. */
function sharedFileIds(rows: MessageRow[]): string[] {
  return [...new Set(rows.flatMap((row) => [...attachmentsOf(row).map((file) => file.file_id), ...fileIdsInText(row.text)]))];
}

/**
 * What a link's reader sees: the shared branch, root first, without the failed replies, and
 * nothing of the account (no ids: messages and files are numbered afresh; a user message's sender
 * is "User"; a picture in a reply points at the share's own file address).
 */
export async function readSharedConversation(db: Db, token: string): Promise<SharedConversation | undefined> {
  const branch = await sharedBranch(db, token);
  if (!branch) return undefined;
  const numbers = new Map(branch.fileIds.map((id, index) => [id, index + 1]));
  const numberOf = (id: string) => numbers.get(id)!;
  return {
    title: branch.conversation.title,
    createdAt: branch.conversation.createdAt.toISOString(),
    messages: branch.rows.map((row, index) => ({
      messageId: `m${index + 1}`,
      parentMessageId: index === 0 ? ROOT_PARENT_ID : `m${index}`,
      sender: row.isCreatedByUser ? 'User' : row.sender,
      isCreatedByUser: row.isCreatedByUser,
      text: replaceFileUrls(row.text, (id) => sharedFileUrl(token, numberOf(id))),
      model: row.isCreatedByUser ? null : row.model,
      createdAt: row.createdAt.toISOString(),
      files: attachmentsOf(row).map(({ file_id, filename, type, bytes, width, height }) => ({ n: numberOf(file_id), filename, type, bytes, width, height })),
    })),
  };
}

/** File n of a shared branch, as its owner stored it; undefined when the link or the number is not there. */
export async function readSharedFile(ctx: AppContext, token: string, n: number, size?: 'thumb'): Promise<StoredFile | undefined> {
  const branch = await sharedBranch(ctx.db, token);
  const id = branch?.fileIds[n - 1];
  return branch && id ? readStoredFile(ctx, branch.owner, id, size) : undefined;
}
