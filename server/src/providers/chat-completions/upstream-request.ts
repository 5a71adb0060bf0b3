import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { finished, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { SseParser } from '@parley/core';
import { ProviderError, httpFailure } from '../provider-error.ts';

/** Upstream connections are kept open between calls: a new TLS handshake per reply costs tens of ms. */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Silence on the upstream connection for this long (before or during the reply) fails the call. */
const UPSTREAM_IDLE_TIMEOUT_MS = 300_000;
const errorBodyLimit = 64 * 1024;

export interface UpstreamRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  idleTimeoutMs?: number;
  lookup?: LookupFunction;
}

function send(request: UpstreamRequest, signal: AbortSignal): Promise<{ response: IncomingMessage; destroy(): void }> {
  const agent = agents[request.url.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new ProviderError('upstream_error', `unsupported URL ${request.url.href}`));
  const client = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(request.url, {
      method: 'POST',
      agent,
      signal,
      headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) },
      ...(request.lookup ? { lookup: request.lookup } : {}),
    });
    let response: IncomingMessage | undefined;
    req.setTimeout(request.idleTimeoutMs ?? UPSTREAM_IDLE_TIMEOUT_MS, () => {
      const silence = new ProviderError('upstream_error', 'the upstream stopped answering');
      // Once the answer has begun, its reader must see why it stopped, not a bare 'aborted'.
      response?.destroy(silence);
      req.destroy(silence);
    });
    req.once('response', (answer) => {
      response = answer;
      resolve({ response: answer, destroy: () => req.destroy() });
    });
    req.once('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(request.body);
  });
}

/**
 * POSTs JSON upstream over a kept-alive connection and resolves with the response once its head
 * arrives. A kept-alive socket the server closed just as it was reused fails before any answer;
 * that one case is sent again on a fresh connection (nothing reached the server).
 */
export async function postUpstream(request: UpstreamRequest, signal: AbortSignal) {
  try {
    return await send(request, signal);
  } catch (error) {
    const { code, reusedSocket } = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
    if (reusedSocket && code === 'ECONNRESET' && !signal.aborted) return send(request, signal);
    throw error;
  }
}

/** The response body as text, decompressed when a proxy compressed it although we did not ask. */
export function bodyText(response: IncomingMessage): Readable {
  const encoding = response.headers['content-encoding'];
  const decoder: Readable =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? response.pipe(zlib.createGunzip())
      : encoding === 'deflate'
        ? response.pipe(zlib.createInflate())
        : encoding === 'br'
          ? response.pipe(zlib.createBrotliDecompress())
          : response;
  if (decoder !== response) response.once('error', (error) => decoder.destroy(error));
  decoder.setEncoding('utf8');
  return decoder;
}

/**
 * Reads a body's server-sent events as its pieces arrive (its `data` events, no async iterator:
 * that cost a few promise turns per piece), handing each event's `data` text to `onData`, in
 * order. `onEnd` is told once: when the body has ended and every event was handed on, or with
 * the error that stopped it (the body's own, or one `onData` threw, which destroys the body).
 */
export function readSseData(body: Readable, onData: (data: string) => void, onEnd: (error?: unknown) => void): void {
  const parser = new SseParser((event) => onData(event.data));
  body.on('data', (piece: string) => {
    try {
      parser.push(piece);
    } catch (error) {
      body.destroy(error as Error);
    }
  });
  finished(body, (error) => {
    if (error) return onEnd(error);
    try {
      parser.end();
    } catch (failure) {
      return onEnd(failure);
    }
    onEnd();
  });
}

/** Reads a failed response (status ≥ 400) into the ProviderError of its status and body. */
export async function failureOf(response: IncomingMessage): Promise<ProviderError> {
  let body = '';
  try {
    for await (const text of bodyText(response)) {
      body += text;
      if (body.length > errorBodyLimit) break;
    }
  } catch {
    // A body cut short still says enough with its status.
  }
  const status = response.statusCode ?? 0;
  return httpFailure(status, body.slice(0, errorBodyLimit), response.statusMessage || `HTTP ${status}`, response.headers);
}
