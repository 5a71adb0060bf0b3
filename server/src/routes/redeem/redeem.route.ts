import { redeemCodeRequestSchema, type RedeemCodeResponse } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { guessGuard } from '../../http/abuse-guard.ts';
import { redeemCode, RedeemRefused } from '../../services/codes/redeem-code.ts';

/** `POST /api/redeem`: a redemption code tops up the key in the body, or makes a new key shown once. Guessing is throttled and banned. */
export async function redeemRoutes(app: FastifyInstance, ctx: AppContext) {
  const guard = guessGuard(ctx, 'redeem');
  app.post('/api/redeem', { preHandler: guard.preHandler, bodyLimit: 4096 }, async (request): Promise<RedeemCodeResponse> => {
    const body = redeemCodeRequestSchema.parse(request.body);
    try {
      const result = await redeemCode(ctx.db, body);
      ctx.log.info({ kind: result.kind, quota: result.quota }, 'redemption code redeemed');
      return result;
    } catch (error) {
      if (error instanceof RedeemRefused && error.code === 'invalid_code') {
        ctx.log.warn({ ip: request.ip }, 'redemption refused: no such usable code');
        await guard.wrongGuess(request);
      }
      throw error;
    }
  });
}
