import { tokenUsageOf, type TokenUsage } from '@parley/core';
import { bodyText } from '../../../providers/chat-completions/upstream-request.ts';
import type { OutputWatch } from '../metered-call.ts';
import type { CanonicalUsage } from './canonical.ts';
import { openUpstream, readFrames, type UpstreamAddress } from './upstream-call.ts';

/**
 * What a passed-through answer told about itself while it was relayed: when its first output
 * came, its usage (the charge is settled on it), the model that answered, and a failure the
 * stream reported after it began.
 */
export class RelayWatch implements OutputWatch {
  firstOutputAt: number | undefined;
  usage: TokenUsage | undefined;
  outputChunks = 0;
  upstreamModel: string | undefined;
  /** The code of a failure the stream reported after it began (already relayed to the caller in their dialect): the record's error. */
  streamError: string | undefined;

  noteOutput() {
    this.firstOutputAt ??= performance.now();
    this.outputChunks++;
  }

  noteUsage(usage: CanonicalUsage) {
    this.usage = tokenUsageOf(usage) ?? this.usage;
  }
}

/** A passed-through call: the upstream address, the body as the caller sent it (model renamed), how its frames report output and usage. */
export interface PassthroughCall {
  target: UpstreamAddress;
  body: Record<string, unknown>;
  /** Whether a frame carries output (text, thinking, a tool call): the first one times the first token. */
  isOutput(event: string, data: string): boolean;
  /** Which frames hold usage: parsing only those keeps the relay near the floor's cost. */
  carriesUsage(event: string, data: string): boolean;
  /** Reads usage, the model or a failure out of a frame that carries them (`event` is '' for a whole answer). */
  readUsage(event: string, data: unknown, watch: RelayWatch): void;
}

const frameText = (event: string, data: string) => (event && event !== 'message' ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`);

/**
 * Relays a streamed answer frame by frame, as the upstream wrote it (event name and data text
 * unchanged), noting output and reading usage from the frames that carry it. Stopping the
 * reader closes the upstream connection.
 */
export async function* relayStream(call: PassthroughCall, watch: RelayWatch, signal: AbortSignal): AsyncGenerator<string> {
  const answer = await openUpstream(call.target, call.body, signal);
  let finished = false;
  try {
    for await (const frame of readFrames(answer)) {
      const event = frame.event ?? '';
      if (call.isOutput(event, frame.data)) watch.noteOutput();
      if (call.carriesUsage(event, frame.data)) readFrameUsage(call, event, frame.data, watch);
      yield frameText(event, frame.data);
    }
    finished = true;
  } finally {
    if (!finished) answer.close();
  }
}

function readFrameUsage(call: PassthroughCall, event: string, data: string, watch: RelayWatch) {
  try {
    call.readUsage(event, JSON.parse(data), watch);
  } catch {
    // The frame still reaches the caller as the upstream wrote it; only its usage is missed (the estimate stands).
  }
}

/** Relays a whole (non-streamed) answer's JSON text as the upstream wrote it, reading its usage. */
export async function relayWhole(call: PassthroughCall, watch: RelayWatch, signal: AbortSignal): Promise<string> {
  const answer = await openUpstream(call.target, call.body, signal);
  let text = '';
  for await (const piece of bodyText(answer.response)) text += piece;
  readFrameUsage(call, '', text, watch);
  return text;
}
