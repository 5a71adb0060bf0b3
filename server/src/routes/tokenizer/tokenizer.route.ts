import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { lookupGuard } from '../../limiter/abuse-guard.ts';
import { countTokens } from '../../services/tokenizer/token-counter.ts';

/** Bing's context is about 7k tokens; this bound keeps one request's work small while allowing far more. */
const TOKENIZER_MAX_CHARS = 200_000;

const tokenizerBody = z.object({ arg: z.string({ error: 'validation.tokenizer.arg' }).max(TOKENIZER_MAX_CHARS, 'validation.tokenizer.max') });

export async function tokenizerRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = [authenticate(ctx), lookupGuard(ctx, 'tokenizer')];

  app.post('/api/tokenizer', { preHandler }, async (request) => {
    const { arg } = tokenizerBody.parse(request.body ?? {});
    return { count: await countTokens(arg) };
  });
}
