import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const notFound = { error: 'not_found', message: 'Not found.', status: 404 };

/** What a browser opening Parley sees when the server runs without a web build (a fresh clone). */
const missingBuildPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley: the web app is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app is not built yet</h1>
<p>This server answers the API, but it has no web app to show: <code>web/dist</code> is missing.</p>
<p>Run <code>npm run build</code> in the Parley folder, then reload this page.
(<code>npm start</code> and <code>npm run demo</code> build it for you.)</p>
</body></html>
`;

/** Vite names every built asset with a hash of its content, so a URL under /assets/ never changes meaning. */
const immutable = 'public, max-age=31536000, immutable';
const isHashedAsset = (file: string) => file.split(path.sep).includes('assets');

/**
 * Serves the built SPA with a history fallback; API, OAuth and missing asset paths keep a JSON
 * 404. Without a build, a page path answers a 404 page naming the command that builds it. Files are sent as the brotli or gzip copy the build wrote beside them when the browser
 * takes it (`Content-Encoding`, `Vary: Accept-Encoding`). Hashed assets are cached for a
 * year; everything else (index.html, favicon, theme script) is revalidated each time.
 */
export async function serveSpa(app: FastifyInstance, distDir: string | undefined) {
  const hasSpa = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', isHashedAsset(path.relative(distDir!, file)) ? immutable : 'no-cache');
        // The same URL answers brotli, gzip or plain bytes: caches must key on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApp = !pathname.startsWith('/api/') && !pathname.startsWith('/oauth/') && !path.extname(pathname);
    if (request.method !== 'GET' || !isApp) return reply.status(404).send(notFound);
    if (!hasSpa) return reply.status(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(missingBuildPage);
    // A shared conversation's page is for whoever holds the link, not for search engines.
    if (pathname.startsWith('/share/')) reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    // index.html must be revalidated so a new build's hashed assets are picked up at once.
    return reply.sendFile('index.html');
  });
}
