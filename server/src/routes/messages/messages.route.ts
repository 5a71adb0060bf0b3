import { Readable } from 'node:stream';
import { editMessageSchema, recentMessagesQuerySchema, recentOfLatestBranch, type RecentMessages } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { findConversation } from '../../services/conversations/conversation-store.ts';
import { editMessageText, listMessageLinks, listMessagesById } from '../../services/messages/message-store.ts';
import { messagesJson } from '../../services/messages/messages-json.ts';
import { presentMessage } from '../../presenters/present-message.ts';

const id = z.string().min(1).max(200);
const conversationParams = z.object({ conversationId: id });
const messageParams = z.object({ conversationId: id, messageId: id });

export async function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const requireConversation = async (userId: string, conversationId: string) => {
    if (!(await findConversation(ctx.db, userId, conversationId))) throw new AppError('not_found', 'Conversation not found.');
  };

  app.get('/api/messages/:conversationId', { preHandler }, async (request, reply) => {
    const user = requireUser(request);
    const { conversationId } = conversationParams.parse(request.params);
    await requireConversation(user.id, conversationId);
    // Written as it is read, a page at a time: a conversation of many megabytes is never one string here.
    const body = Readable.from(messagesJson(ctx.db, user.id, conversationId), { objectMode: false });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // A long conversation opens with the end of its shown branch; the web asks for the rest after.
  app.get('/api/messages/:conversationId/recent', { preHandler }, async (request): Promise<RecentMessages> => {
    const user = requireUser(request);
    const { conversationId } = conversationParams.parse(request.params);
    const { count } = recentMessagesQuerySchema.parse(request.query);
    await requireConversation(user.id, conversationId);
    const links = await listMessageLinks(ctx.db, user.id, conversationId);
    const recent = recentOfLatestBranch(links, count);
    const rows = await listMessagesById(ctx.db, user.id, conversationId, recent.map((link) => link.messageId));
    return { messages: rows.map(presentMessage), complete: rows.length === links.length };
  });

  app.put('/api/messages/:conversationId/:messageId', { preHandler }, async (request) => {
    const user = requireUser(request);
    const { conversationId, messageId } = messageParams.parse(request.params);
    const change = editMessageSchema.parse(request.body);
    const row = await editMessageText(ctx.db, user.id, conversationId, messageId, change);
    if (!row) throw new AppError('not_found', 'Message not found.');
    return presentMessage(row);
  });
}
