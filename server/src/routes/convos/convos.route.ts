import {
  archiveConversationSchema,
  clearConversationsSchema,
  conversationListQuerySchema,
  renameConversationSchema,
  type Conversation,
  type ConversationPage,
  type DeletedCount,
} from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import {
  deleteConversations,
  findConversation,
  listArchived,
  listConversations,
  renameConversation,
  setArchived,
} from '../../services/conversations/conversation-store.ts';
import { presentConversation } from '../../presenters/present-conversation.ts';
import { sweepOrphanFiles } from '../../services/files/orphan-sweeper.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });

export async function convosRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);

  app.get('/api/convos', { preHandler }, async (request): Promise<ConversationPage> => {
    const user = requireUser(request);
    const { pageNumber } = conversationListQuerySchema.parse(request.query);
    const page = await listConversations(ctx.db, user.id, pageNumber);
    return { conversations: page.rows.map(presentConversation), pages: page.pages, pageNumber: page.pageNumber };
  });

  app.get('/api/convos/archived', { preHandler }, async (request): Promise<ConversationPage> => {
    const user = requireUser(request);
    const { pageNumber } = conversationListQuerySchema.parse(request.query);
    const page = await listArchived(ctx.db, user.id, pageNumber);
    return { conversations: page.rows.map(presentConversation), pages: page.pages, pageNumber: page.pageNumber };
  });

  app.post('/api/convos/archive', { preHandler }, async (request): Promise<Conversation> => {
    const user = requireUser(request);
    const { conversationId, archived } = archiveConversationSchema.parse(request.body);
    const row = await setArchived(ctx.db, user.id, conversationId, archived);
    if (!row) throw new AppError('not_found', 'Conversation not found.');
    return presentConversation(row);
  });

  app.get('/api/convos/:id', { preHandler }, async (request): Promise<Conversation> => {
    const user = requireUser(request);
    const { id } = idParams.parse(request.params);
    const row = await findConversation(ctx.db, user.id, id);
    if (!row) throw new AppError('not_found', 'Conversation not found.');
    return presentConversation(row);
  });

  app.post('/api/convos/update', { preHandler }, async (request): Promise<Conversation> => {
    const user = requireUser(request);
    const { arg } = renameConversationSchema.parse(request.body);
    const row = await renameConversation(ctx.db, user.id, arg.conversationId, arg.title);
    if (!row) throw new AppError('not_found', 'Conversation not found.');
    return presentConversation(row);
  });

  app.post('/api/convos/clear', { preHandler }, async (request): Promise<DeletedCount> => {
    const user = requireUser(request);
    const { arg } = clearConversationsSchema.parse(request.body);
    const deletedCount = await deleteConversations(ctx.db, user.id, arg.conversationId);
    if (arg.conversationId && deletedCount === 0) throw new AppError('not_found', 'Conversation not found.');
    // Files only the deleted messages used go with them; ones other conversations use stay.
    await sweepOrphanFiles(ctx, user.id).catch((error: unknown) => request.log.error({ err: error }, 'could not sweep the files of deleted conversations'));
    return { deletedCount };
  });
}
