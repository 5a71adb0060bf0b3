import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { nowMs } from './clock.ts';
import { benchStreamOf, chunkText, type PacedFakeConfig } from './paced-fake-protocol.ts';

/**
 * The paced OpenAI-compatible upstream, on its own thread so that reading 500 streams on the
 * bench's main thread cannot delay its clock. Chunk k of a stream is written at t0 + (k+1)·spacing
 * (absolute times: one late chunk does not push the others back) and its write time is stored in
 * the shared `emitted` array, which the client compares with arrival times.
 */
const config = workerData as PacedFakeConfig;
const emitted = new Float64Array(config.emitted);

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function frame(id: string, delta: Record<string, unknown>, finish: string | null) {
  return sse({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini',
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
}

function finishFrames(id: string, completionTokens: number, includeUsage: boolean): string {
  const usage = { prompt_tokens: 4, completion_tokens: completionTokens, total_tokens: 4 + completionTokens };
  const usageFrame = includeUsage
    ? sse({ id, object: 'chat.completion.chunk', created: 0, model: 'gpt-4o-mini', choices: [], usage })
    : '';
  return `${frame(id, {}, 'stop')}${usageFrame}data: [DONE]\n\n`;
}

function paced(res: ServerResponse, stream: number, includeUsage: boolean) {
  const id = `chatcmpl-bench-${stream}`;
  const t0 = nowMs();
  res.write(frame(id, { role: 'assistant', content: '' }, null));
  let k = 0;
  const next = () => {
    if (res.destroyed) return;
    emitted[stream * config.chunks + k] = nowMs();
    res.write(frame(id, { content: chunkText(stream, k) }, null));
    k += 1;
    if (k === config.chunks) return void res.end(finishFrames(id, config.chunks, includeUsage));
    setTimeout(next, Math.max(0, t0 + (k + 1) * config.spacingMs - nowMs()));
  };
  setTimeout(next, config.spacingMs);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let text = '';
  for await (const part of req) text += part;
  const body = JSON.parse(text || '{}') as { stream?: boolean; stream_options?: { include_usage?: boolean }; messages?: { role: string; content: unknown }[] };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const includeUsage = body.stream_options?.include_usage === true;
  const stream = benchStreamOf(body.messages ?? []);
  if (stream === undefined) {
    // Anything else (Parley's title call) gets a short answer at once.
    const id = 'chatcmpl-bench-title';
    return void res.end(`${frame(id, { role: 'assistant', content: 'Bench title' }, null)}${finishFrames(id, 2, includeUsage)}`);
  }
  paced(res, stream, includeUsage);
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: String(error) } }));
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  parentPort!.postMessage({ port: (server.address() as AddressInfo).port });
});
parentPort!.on('message', (message: string) => {
  if (message !== 'close') return;
  server.closeAllConnections();
  server.close(() => parentPort!.postMessage({ closed: true }));
});
