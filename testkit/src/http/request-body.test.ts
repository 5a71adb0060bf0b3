import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRequestForm, readRequestJson, readRequestText, RequestBodyTooLarge } from './request-body.ts';

const readers: Record<string, (req: IncomingMessage) => Promise<unknown>> = {
  '/text': (req) => readRequestText(req, 1024),
  '/json': (req) => readRequestJson(req),
  '/form': (req) => readRequestForm(req),
};

// A server that answers what the reader made of the body, or 413 when it refused it.
const server = createServer((req, res) => {
  readers[req.url!]!(req)
    .then((body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body })))
    .catch((error: unknown) => res.writeHead(error instanceof RequestBodyTooLarge ? 413 : 400).end(String(error)));
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: string) => fetch(`${url}${path}`, { method: 'POST', body });

describe("the fakes' request-body reader", () => {
  it('reads JSON, an empty body and a form', async () => {
    expect(await (await post('/json', '{"model":"gpt-4o"}')).json()).toEqual({ body: { model: 'gpt-4o' } });
    expect(await (await post('/json', '')).json()).toEqual({});
    expect(await (await post('/form', 'code=abc&state=x%20y')).json()).toEqual({ body: { code: 'abc', state: 'x y' } });
  });

  it('refuses a body over its cap, and reads one at the cap', async () => {
    expect((await post('/text', 'é'.repeat(512))).status).toBe(200);
    const refused = await post('/text', 'x'.repeat(1025));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain('larger than 1024 bytes');
    expect((await post('/form', 'a='.padEnd(64 * 1024 + 1, 'x'))).status).toBe(413);
  });

  it('tells text that is not JSON apart from a body too large', async () => {
    expect((await post('/json', '{nope')).status).toBe(400);
  });
});
