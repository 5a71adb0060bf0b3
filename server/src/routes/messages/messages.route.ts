import { editMessageSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { findConversation } from '../../services/conversations/conversation-store.ts';
import { editMessageText } from '../../services/messages/message-store.ts';
import { presentedMessagesJson } from '../../services/messages/presented-messages-json.ts';
import { presentMessage } from '../../services/messages/present-message.ts';

const id = z.string().min(1).max(200);
const conversationParams = z.object({ conversationId: id });
const messageParams = z.object({ conversationId: id, messageId: id });

export async function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);

  app.get('/api/messages/:conversationId', { preHandler }, async (request, reply) => {
    const user = requireUser(request);
    const { conversationId } = conversationParams.parse(request.params);
    if (!(await findConversation(ctx.db, user.id, conversationId))) throw new AppError('not_found', 'Conversation not found.');
    // The database writes the list's JSON (a long conversation is one value, not thousands of rows).
    return reply.type('application/json; charset=utf-8').send(await presentedMessagesJson(ctx.db, user.id, conversationId));
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
