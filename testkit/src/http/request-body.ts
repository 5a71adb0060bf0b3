import type { IncomingMessage } from 'node:http';

/** The largest body a fake reads: chat requests carry pictures and files, so this is roomy, but bounded. */
const maxBodyBytes = 32 * 1024 * 1024;
/** The largest HTML form a fake reads (sign-in, consent, pay pages). */
const maxFormBytes = 64 * 1024;

/** Thrown when a body outgrows its cap; the stream is destroyed, so nothing more is buffered. */
export class RequestBodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body larger than ${maxBytes} bytes`);
  }
}

/** The request's body as UTF-8 text, read to its end or refused past `maxBytes`. */
export async function readRequestText(req: IncomingMessage, maxBytes = maxBodyBytes): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new RequestBodyTooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON body, or `undefined` when it has none; throws on text that is not JSON. */
export async function readRequestJson(req: IncomingMessage, maxBytes = maxBodyBytes): Promise<unknown> {
  const text = await readRequestText(req, maxBytes);
  return text ? JSON.parse(text) : undefined;
}

/** An `application/x-www-form-urlencoded` body as a plain record. */
export async function readRequestForm(req: IncomingMessage, maxBytes = maxFormBytes): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await readRequestText(req, maxBytes)));
}
