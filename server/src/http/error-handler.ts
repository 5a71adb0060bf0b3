import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../app/errors.ts';

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { headers, ...body } = toErrorBody(error);
  // A service that is away is logged once by whoever noticed it, not once per request it refuses.
  if (body.status >= 500 && body.error !== 'service_unavailable') request.log.error({ err: error }, 'unhandled error');
  if (headers) reply.headers(headers);
  return reply.status(body.status).send(body);
}
