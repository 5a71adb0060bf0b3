import type { ChatFrame } from '@parley/core';
import type { FastifyReply } from 'fastify';
import type { StreamFrame, StreamRegistry, Subscription } from '../streams/stream-registry.ts';

const SSE_PING_MS = 15_000;

export const sseHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** A frame that is not in a registry (an error answered before any stream exists). */
export function formatFrame(frame: ChatFrame): string {
  return `event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`;
}

/** A registry frame, from the JSON it was stored with: nothing is serialised again per client. */
function formatStoredFrame(frame: StreamFrame): string {
  return `event: ${frame.event}\nid: ${frame.seq}\ndata: ${frame.json}\n\n`;
}

/**
 * Takes the response over from Fastify and sets the event-stream head. The head is not flushed
 * on its own: it leaves with the first frame, in one packet, which spares a chat's `created`
 * frame a round of Nagle's delay (pipeStream flushes it when no frame is ready yet).
 */
export function openEventStream(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.writeHead(200, sseHeaders);
}

export interface PipeOptions {
  pingMs?: number;
  /** The SSE text of a frame ('' sends nothing); the chat's `event`/`id`/`data` by default. */
  format?: (frame: StreamFrame) => string;
}

/**
 * Sends a registry stream's frames after `after` (replayed, then live) with a ping comment
 * every 15 s, and ends the response after the last frame. A client leaving only stops the
 * delivery; the stream itself goes on for a later resume.
 *
 * A client reading slower than the frames come is not buffered for: once the socket refuses
 * more (write answers false), delivery stops, and on `drain` it follows again from the last
 * frame sent, reading the frames it missed from the registry, which keeps them for resume anyway.
 * Writing on regardless queued a whole reply per slow reader in this process, as strings.
 */
export function pipeStream(reply: FastifyReply, registry: StreamRegistry, streamId: string, after: number, options: PipeOptions = {}) {
  const { pingMs = SSE_PING_MS, format = formatStoredFrame } = options;
  const raw = reply.raw;
  return new Promise<void>((resolve) => {
    let closed = false;
    let sent = after;
    // Each subscription is one turn of following; only the newest delivers, the others are closed as they come.
    let turn = 0;
    let subscription: Subscription | undefined;
    const ping = setInterval(() => raw.write(': ping\n\n'), pingMs);
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      subscription?.close();
      raw.off('drain', follow);
      if (!raw.writableEnded) raw.end();
      resolve();
    };
    const pause = () => {
      turn++;
      subscription?.close();
      subscription = undefined;
      raw.once('drain', follow);
    };
    function follow() {
      if (closed) return;
      const mine = ++turn;
      const deliver = (frame: StreamFrame) => {
        // A frame sent already comes again when a turn starts; the last one always ends the response.
        if (closed || mine !== turn || (frame.seq <= sent && !frame.last)) return;
        sent = Math.max(sent, frame.seq);
        const flowing = raw.write(format(frame));
        if (frame.last) end();
        else if (!flowing) pause();
      };
      registry.subscribe(streamId, sent, deliver).then((opened) => {
        if (!opened) return end();
        if (!raw.headersSent) raw.flushHeaders();
        if (closed || mine !== turn) opened.close();
        else subscription = opened;
      }, end);
    }
    raw.on('close', end);
    follow();
  });
}
