import type { FastifyReply } from 'fastify';

/** A signal that aborts when the client leaves before its answer was all sent: the upstream call stops with it. */
export function clientGone(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}
