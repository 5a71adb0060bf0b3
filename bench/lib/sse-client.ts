import http from 'node:http';
import { nowMs } from './clock.ts';

export interface SseFrame {
  /** `message` when the frame names none. */
  event: string;
  data: string;
}

export interface SseRequest {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  agent?: http.Agent;
  /** Called for each frame with the time its last byte arrived (`nowMs`). */
  onFrame(frame: SseFrame, arrivedAt: number): void;
  timeoutMs?: number;
}

/** Splits an event-stream into frames; comments (`: ping`) are skipped. */
function createSseParser(onFrame: (frame: SseFrame) => void) {
  let buffer = '';
  return (text: string) => {
    buffer += text;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onFrame({ event, data: data.join('\n') });
    }
  };
}

/**
 * POSTs JSON and reads the server-sent events of the answer over plain `http` (no fetch
 * machinery between the socket and the clock). Resolves with the status once the stream ends.
 */
export function postEventStream(request: SseRequest): Promise<number> {
  const payload = JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(request.url, {
      method: 'POST',
      agent: request.agent,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...request.headers },
      timeout: request.timeoutMs ?? 60_000,
    });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      let arrivedAt = 0;
      const parse = createSseParser((frame) => request.onFrame(frame, arrivedAt));
      res.on('data', (text: string) => {
        arrivedAt = nowMs();
        parse(text);
      });
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${request.url} within the timeout`)));
    req.on('error', reject);
    req.end(payload);
  });
}
