import { createShareLinkSchema, shareTokenSchema, type ShareLink, type SharedConversation } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { keyedRateLimit, rateLimit } from '../../http/rate-limit.ts';
import { sendStoredFile, storedFileQuery } from '../../http/send-stored-file.ts';
import { createShareLink, listShareLinks, readSharedConversation, readSharedFile, revokeShareLink } from '../../services/share/share-links.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });
const tokenParams = z.object({ token: z.string().max(200) });
const fileParams = tokenParams.extend({ n: z.coerce.number().int().min(1).max(100_000) });

/** A stranger reads shared pages at most this often per minute and address: enough to read, too few to guess tokens. */
const SHARE_READS_PER_MINUTE = 60;
/** Files of shared pages one address may fetch per minute: a page's pictures load together. */
const SHARE_FILES_PER_MINUTE = 600;
/** Links one owner may make per hour. */
const SHARES_PER_HOUR = 100;

const notShared = () => new AppError('not_found', 'This shared link does not exist or was revoked.');

/** Read-only share links (issue 29): the owner makes, lists and revokes them; anyone with a link reads it. */
export async function shareRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const readLimit = rateLimit({ limiter: ctx.limiter, name: 'share-read', max: SHARE_READS_PER_MINUTE, windowMs: 60_000, code: 'rate_limited' });
  const fileLimit = rateLimit({ limiter: ctx.limiter, name: 'share-file', max: SHARE_FILES_PER_MINUTE, windowMs: 60_000, code: 'rate_limited' });
  const createLimit = keyedRateLimit({ limiter: ctx.limiter, name: 'share-create', max: SHARES_PER_HOUR, windowMs: 3_600_000, code: 'rate_limited' });

  app.get('/api/share', { preHandler }, async (request): Promise<{ links: ShareLink[] }> => {
    const user = requireUser(request);
    return { links: await listShareLinks(ctx.db, user.id) };
  });

  app.post('/api/share', { preHandler }, async (request): Promise<ShareLink> => {
    const user = requireUser(request);
    const { conversationId, messageId } = createShareLinkSchema.parse(request.body ?? {});
    await createLimit(user.id);
    const link = await createShareLink(ctx.db, user.id, conversationId, messageId);
    if (!link) throw new AppError('not_found', 'Conversation not found.');
    return link;
  });

  app.delete('/api/share/:id', { preHandler }, async (request) => {
    const user = requireUser(request);
    const { id } = idParams.parse(request.params);
    if (!(await revokeShareLink(ctx.db, user.id, id))) throw new AppError('not_found', 'Share link not found.');
    return { revoked: true };
  });

  // No sign-in: the token is the only key. Never cached, never indexed.
  app.get('/api/share/public/:token', { preHandler: readLimit }, async (request, reply): Promise<SharedConversation> => {
    reply.header('X-Robots-Tag', 'noindex, nofollow').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { token } = tokenParams.parse(request.params);
    if (!shareTokenSchema.safeParse(token).success) throw notShared();
    const shared = await readSharedConversation(ctx.db, token);
    if (!shared) throw notShared();
    return shared;
  });

  // A shared message's file, by its number in the share: gone as soon as the link is revoked, so never kept by a browser.
  app.get('/api/share/public/:token/files/:n', { preHandler: fileLimit }, async (request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    const { token, n } = fileParams.parse(request.params);
    const { size } = storedFileQuery.parse(request.query);
    if (!shareTokenSchema.safeParse(token).success) throw notShared();
    const file = await readSharedFile(ctx, token, n, size);
    if (!file) throw new AppError('not_found', 'File not found.');
    return sendStoredFile(reply, file, 'no-store');
  });
}
