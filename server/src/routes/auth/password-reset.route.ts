import { requestPasswordResetSchema, resetPasswordSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { requestPasswordReset, resetMessages, resetPassword } from '../../services/passwords/password-reset.ts';

/** Links point at PUBLIC_URL; without one, at the address the browser used to reach us. */
const publicUrl = (ctx: AppContext, request: FastifyRequest) =>
  ctx.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

export async function passwordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/auth/requestPasswordReset', async (request) => {
    const { email } = requestPasswordResetSchema.parse(request.body ?? {});
    return requestPasswordReset(ctx, email, publicUrl(ctx, request));
  });

  app.post('/api/auth/resetPassword', async (request) => {
    const input = resetPasswordSchema.parse(request.body ?? {});
    await resetPassword(ctx.db, input);
    return { message: resetMessages.passwordReset };
  });
}
