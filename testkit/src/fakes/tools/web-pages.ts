import { startFakeServer, type FakeUpstream } from '../fake-server.ts';

/** A small web site: each path answers its page with its content type; anything else is 404. */
export function startWebPagesFake(pages: Record<string, { contentType: string; body: string; status?: number }>): Promise<FakeUpstream> {
  return startFakeServer((ctx) => {
    const page = Object.hasOwn(pages, ctx.recorded.path) ? pages[ctx.recorded.path] : undefined;
    ctx.res.writeHead(page?.status ?? (page ? 200 : 404), { 'content-type': page?.contentType ?? 'text/html' });
    ctx.res.end(page?.body ?? '<html><body><h1>Not found</h1></body></html>');
  });
}
