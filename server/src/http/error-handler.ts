import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../app/errors.ts';

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { headers, ...body } = toErrorBody(error);
  if (body.status >= 500) request.log.error({ err: error }, 'unhandled error');
  if (headers) reply.headers(headers);
  return reply.status(body.status).send(body);
}
