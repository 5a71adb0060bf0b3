import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { findGatewayCaller, type GatewayCaller } from '../../services/gateway/gateway-caller.ts';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * The secret a client presents, the ways the clients of each dialect send it: `Authorization:
 * Bearer …` (OpenAI), `x-api-key` (Anthropic), `x-goog-api-key` or `?key=` (Gemini).
 */
function presentedSecret(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
  const query = (request.query as { key?: unknown } | undefined)?.key;
  return bearer ?? header(request, 'x-api-key') ?? header(request, 'x-goog-api-key') ?? (typeof query === 'string' && query ? query : undefined);
}

/** The API caller of a request: an access key or an account's API token, or the 401 for its absence. */
export function gatewayCallerOf(ctx: AppContext, request: FastifyRequest): Promise<GatewayCaller> {
  return findGatewayCaller(ctx, presentedSecret(request));
}
