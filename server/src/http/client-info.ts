import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../services/sessions/session-service.ts';

/** What the session services keep about the browser, read off the request at the HTTP edge. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}
