import { operatorLoginSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { verifyOperatorPassword } from '../../config/operator-password.ts';
import { clearOperatorCookie, setOperatorCookie } from '../../http/operator-cookie.ts';
import { keyedRateLimit, rateLimit } from '../../http/rate-limit.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { signOperatorSession } from '../../services/admin/operator-session.ts';

const minutes = (n: number) => n * 60_000;

/**
 * The ADMIN_PASSWORD operator's sign-in and sign-out. Without ADMIN_PASSWORD there is no
 * operator (404). Every attempt counts against LOGIN_MAX per IP, and all IPs together against
 * LOGIN_ACCOUNT_MAX, in the login window, as an account's login does.
 */
export async function operatorAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { env, limiter } = ctx;
  const window = minutes(env.LOGIN_WINDOW_MINUTES);
  const perIp = rateLimit({ limiter, name: 'operator-login', max: env.LOGIN_MAX, windowMs: window, code: 'too_many_login_attempts' });
  const overall = keyedRateLimit({ limiter, name: 'operator-login-all', max: env.LOGIN_ACCOUNT_MAX, windowMs: window, code: 'too_many_login_attempts' });

  app.post('/api/operator/login', { preHandler: perIp }, async (request, reply) => {
    const password = env.ADMIN_PASSWORD;
    if (!password) throw new AppError('not_found');
    const input = operatorLoginSchema.parse(request.body ?? {});
    await overall('operator');
    if (!(await verifyOperatorPassword(password, input.password))) {
      request.log.warn({ ip: request.ip }, 'operator console sign-in refused: wrong password');
      throw new AppError('invalid_credentials');
    }
    setOperatorCookie(env, reply, await signOperatorSession(ctx.secrets.jwtSecret, password.version));
    await recordAudit(ctx.db, { actor: { kind: 'operator' }, action: 'operator.sign-in', ip: request.ip });
    return { actor: { kind: 'operator' } };
  });

  app.post('/api/operator/logout', async (_request, reply) => {
    clearOperatorCookie(env, reply);
    return { message: 'Signed out' };
  });
}
