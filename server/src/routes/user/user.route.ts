import type { FastifyInstance } from 'fastify';
import { presentNewVisitor, presentUser } from '../../presenters/present-user.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { findUserById } from '../../services/users/user-service.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/user', { preHandler: authenticate(ctx) }, async (request) => {
    const user = requireUser(request);
    const row = await findUserById(ctx.db, user.id);
    if (!row && user.access?.kind === 'visitor') return presentNewVisitor(user.id);
    if (!row) throw new AppError('unauthorized');
    return presentUser(row);
  });
}
