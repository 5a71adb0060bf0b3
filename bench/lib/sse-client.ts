import http from 'node:http';
import { SseParser, type SseEvent } from '@parley/core';
import { nowMs } from './clock.ts';

export interface SseRequest {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  agent?: http.Agent;
  /** Called for each frame with the time its last byte arrived (`nowMs`). */
  onFrame(frame: SseEvent, arrivedAt: number): void;
  timeoutMs?: number;
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
      const parser = new SseParser((frame) => request.onFrame(frame, arrivedAt));
      res.on('data', (text: string) => {
        arrivedAt = nowMs();
        parser.push(text);
      });
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${request.url} within the timeout`)));
    req.on('error', reject);
    req.end(payload);
  });
}
