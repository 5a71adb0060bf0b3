/**
 * The floor of relaying on this machine: the least any chat relay must do per stream, with
 * Parley's wire format and nothing else — no sign-in, no database, no stream registry, no
 * replay. It reads the ask body, makes one upstream Chat Completions call, parses each SSE
 * event's JSON and writes one `message` frame per text chunk, then a `final` frame with the
 * whole text. Run as its own process by `startFloorRelay` (FLOOR_UPSTREAM, PORT).
 */
import http from 'node:http';

const upstream = new URL(`${process.env.FLOOR_UPSTREAM}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const frame = (seq: number, data: object) => `event: message\nid: ${seq}\ndata: ${JSON.stringify(data)}\n\n`;

async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = '';
  request.setEncoding('utf8');
  for await (const piece of request) body += piece;
  return body;
}

async function relay(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const { text } = JSON.parse(await readBody(request)) as { text: string };
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  response.write(frame(0, { created: true }));
  const call = http.request(upstream, { method: 'POST', agent, headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' } });
  call.end(JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: text }] }));
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => call.once('response', resolve).once('error', reject));
  answer.setEncoding('utf8');
  let buffer = '';
  let whole = '';
  let seq = 0;
  for await (const piece of answer as AsyncIterable<string>) {
    buffer += piece;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer.slice('data: '.length, end);
      buffer = buffer.slice(end + 2);
      if (data === '[DONE]') continue;
      const delta = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;
      if (!delta) continue;
      whole += delta;
      seq += 1;
      response.write(frame(seq, { message: true, seq, delta }));
    }
  }
  response.end(frame(seq + 1, { final: true, responseMessage: { text: whole } }));
}

const server = http.createServer((request, response) => {
  relay(request, response).catch((error: unknown) => response.destroy(error as Error));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
// Bounded: the bench stops it, and it never outlives the bench process.
process.on('disconnect', () => process.exit(0));
