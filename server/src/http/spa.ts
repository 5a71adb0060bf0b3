import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const notFound = { error: 'not_found', message: 'Not found.', status: 404 };

/** Serves the built SPA with a history fallback; API, OAuth and missing asset paths keep a JSON 404. */
export async function serveSpa(app: FastifyInstance, distDir: string | undefined) {
  const hasSpa = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  if (hasSpa) await app.register(fastifyStatic, { root: distDir!, wildcard: false, index: false, maxAge: '1y', immutable: true });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApp = !pathname.startsWith('/api/') && !pathname.startsWith('/oauth/') && !path.extname(pathname);
    if (!hasSpa || request.method !== 'GET' || !isApp) return reply.status(404).send(notFound);
    // index.html must be revalidated so a new build's hashed assets are picked up at once.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}
