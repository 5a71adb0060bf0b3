import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotifyOptions } from '../epay/epay-fake.ts';
import type { FakeReply } from '../fakes/fake-server.ts';
import type { StackPeers } from './peers.ts';
import { readRequestJson } from '../http/request-body.ts';

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

const maxMailWaitMs = 30_000;
const maxBodyBytes = 1024 * 1024;

/**
 * A small HTTP API over the stack's peers for test processes that cannot reach them in memory
 * (Playwright workers):
 * - `GET /mail?to=<address>[&timeoutMs=N]` → the oldest mail to that address not yet returned,
 *   waiting for it (404 when none arrives in time);
 * - `POST /fakes/<name>/enqueue` with a `FakeReply` or an array of them as JSON → 204;
 * - `GET /fakes/<name>/requests` → what the fake has received;
 * - `GET /fakes` → `{<name>: url}`; `GET /health` → `{status: 'ok', app}`;
 * - `GET /epay/submissions` → the orders the epay gateway received;
 * - `POST /epay/pay` with `{outTradeNo, ...NotifyOptions}` → `{answers}`: Parley's reply to each
 *   notification (duplicates, forged signature, wrong money or pid as the options say).
 */
export async function startControlServer(peers: StackPeers, options: { port: number; appUrl: string }): Promise<ControlServer> {
  const server = createServer((req, res) => {
    route(peers, options.appUrl, req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function route(peers: StackPeers, appUrl: string, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [, first, name, action] = url.pathname.split('/');

  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { status: 'ok', app: appUrl });
  if (req.method === 'GET' && url.pathname === '/mail') return mail(peers, url.searchParams, res);
  if (req.method === 'GET' && url.pathname === '/fakes') {
    return send(res, 200, Object.fromEntries([...peers.fakes.values()].map((f) => [f.name, f.url])));
  }
  if (first === 'epay') return epay(peers, req, res, name);
  if (first === 'fakes' && name) {
    const fake = peers.fakes.get(name);
    if (!fake) return send(res, 404, { error: `no fake named ${name}`, fakes: [...peers.fakes.keys()] });
    if (req.method === 'POST' && action === 'enqueue') {
      const script = await readRequestJson(req, maxBodyBytes).catch(() => undefined);
      const replies = Array.isArray(script) ? script : [script];
      if (!replies.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
        return send(res, 400, { error: 'the body must be a reply object (FakeReply) or an array of them' });
      }
      fake.enqueue(...(replies as FakeReply[]));
      return send(res, 204);
    }
    if (req.method === 'GET' && action === 'requests') return send(res, 200, fake.requests());
  }
  send(res, 404, { error: 'not found' });
}

async function epay(peers: StackPeers, req: IncomingMessage, res: ServerResponse, action: string | undefined) {
  if (req.method === 'GET' && action === 'submissions') return send(res, 200, peers.epay.submissions);
  if (req.method !== 'POST' || action !== 'pay') return send(res, 404, { error: 'not found' });
  const body = (await readRequestJson(req, maxBodyBytes).catch(() => undefined)) as ({ outTradeNo?: unknown } & NotifyOptions) | undefined;
  if (typeof body?.outTradeNo !== 'string') return send(res, 400, { error: 'the body needs outTradeNo (and optional NotifyOptions)' });
  const { outTradeNo, ...options } = body;
  try {
    return send(res, 200, { answers: await peers.epay.pay(outTradeNo, options) });
  } catch (error) {
    return send(res, 404, { error: (error as Error).message });
  }
}

async function mail(peers: StackPeers, query: URLSearchParams, res: ServerResponse) {
  const to = query.get('to');
  if (!to) return send(res, 400, { error: 'the query needs to=<address>' });
  const timeoutMs = Math.min(Number(query.get('timeoutMs')) || 10_000, maxMailWaitMs);
  try {
    return send(res, 200, await peers.smtp.waitForMail(to, timeoutMs));
  } catch (error) {
    return send(res, 404, { error: (error as Error).message });
  }
}

function send(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) return res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
