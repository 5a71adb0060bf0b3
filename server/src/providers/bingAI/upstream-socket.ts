import WebSocket from 'ws';
import { ProviderError } from '../provider-error.ts';
import { failureOfNetwork, failureOfResponse } from './bing-failures.ts';

/** How long the handshake may take, and how long the upstream may stay silent mid-answer. */
const HANDSHAKE_TIMEOUT_MS = 20_000;
const SILENCE_TIMEOUT_MS = 90_000;
/** The largest frame taken (a long answer's update carries its whole text so far). */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/** The part of a refused handshake's body read to tell why. */
const REFUSAL_BYTES = 64 * 1024;

export interface UpstreamSocket {
  send(text: string): void;
  /** Each text frame as it comes; ends when the socket closes, throws when it fails or falls silent. */
  frames(): AsyncGenerator<string>;
  close(): void;
}

/**
 * Opens a WebSocket to the upstream. A refused handshake (an HTTP answer instead of the
 * upgrade) becomes the matching `ProviderError`, a Cloudflare or captcha page included; a host
 * that does not answer is `upstream_unreachable`. Aborting closes the socket and ends `frames`.
 */
export function openUpstreamSocket(url: string, headers: Record<string, string>, signal: AbortSignal, what: string): Promise<UpstreamSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: HANDSHAKE_TIMEOUT_MS, maxPayload: MAX_FRAME_BYTES });
    const onAbort = () => socket.terminate();
    signal.addEventListener('abort', onAbort, { once: true });
    const queue: string[] = [];
    let failure: ProviderError | undefined;
    let closed = false;
    let wake: (() => void) | undefined;
    const notify = () => {
      wake?.();
      wake = undefined;
    };

    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < REFUSAL_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        reject(failureOfResponse(response.statusCode ?? 0, response.headers, Buffer.concat(chunks).toString('utf8').slice(0, REFUSAL_BYTES), what));
        socket.terminate();
      });
      response.on('error', (error) => reject(failureOfNetwork(error, what)));
    });
    socket.on('error', (error) => {
      failure ??= failureOfNetwork(error, what);
      reject(failure);
      notify();
    });
    socket.on('message', (data, isBinary) => {
      if (!isBinary) queue.push(data.toString());
      notify();
    });
    socket.on('close', () => {
      closed = true;
      signal.removeEventListener('abort', onAbort);
      notify();
    });
    socket.on('open', () =>
      resolve({
        send: (text) => socket.send(text),
        close: () => socket.close(),
        async *frames() {
          while (true) {
            if (queue.length > 0) {
              yield queue.shift()!;
              continue;
            }
            if (failure) throw failure;
            if (closed || signal.aborted) return;
            const silent = await new Promise<boolean>((done) => {
              const timer = setTimeout(() => done(true), SILENCE_TIMEOUT_MS);
              wake = () => {
                clearTimeout(timer);
                done(false);
              };
            });
            if (silent) {
              socket.terminate();
              throw new ProviderError('upstream_unreachable', `${what}: no frame for ${SILENCE_TIMEOUT_MS / 1000} s`);
            }
          }
        },
      }),
    );
  });
}

/** The WebSocket origin of an HTTP origin (`https:` → `wss:`). */
export function socketOrigin(httpOrigin: string): string {
  return httpOrigin.replace(/^http(s?):/i, 'ws$1:').replace(/\/+$/, '');
}
