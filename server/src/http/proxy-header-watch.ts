import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.ts';

/**
 * With TRUST_PROXY as a hop count the nearest addresses are believed to be proxies whatever they
 * are. A request without X-Forwarded-For reached us with no proxy in front, and if clients can
 * do that, each can pick the address its limits are counted under. Told once, on the first such
 * request, with the address it came from (a proxy's own health check shows up here too).
 */
export function watchForMissingProxy(app: FastifyInstance, ctx: Pick<AppContext, 'env' | 'log'>) {
  const hops = ctx.env.TRUST_PROXY;
  if (typeof hops !== 'number') return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] === undefined) {
      warned = true;
      ctx.log.warn(
        { remoteAddress: request.socket.remoteAddress, url: request.url },
        `TRUST_PROXY trusts ${hops} proxy hop(s), but a request arrived without X-Forwarded-For: if clients can reach Parley directly they choose their own address. Set TRUST_PROXY to the proxies' addresses (e.g. 10.0.0.2 or 10.0.0.0/8) instead`,
      );
    }
    done();
  });
}
