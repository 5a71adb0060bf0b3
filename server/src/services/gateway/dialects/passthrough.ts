import type { CanonicalUsage } from './canonical.ts';
import { openUpstream, readFrames, type UpstreamTarget } from './upstream-call.ts';
import { bodyText } from '../../../providers/chat-completions/upstream-request.ts';

/**
 * What a passed-through answer told about itself while it was relayed: its usage (the charge is
 * settled on it), the model that answered, and a failure the stream reported after it began.
 */
export interface RelayMeter {
  usage?: CanonicalUsage;
  model?: string;
  /** An error event inside the stream (already relayed to the caller in their own dialect). */
  streamError?: string;
}

/** Reads usage (and the model) out of the frames that carry it; called only for those frames. */
export type UsageReader = (event: string, data: unknown, meter: RelayMeter) => void;

/** A passed-through call: the upstream address, the body as the caller sent it (model renamed), how its frames report usage. */
export interface PassthroughCall {
  target: UpstreamTarget;
  body: Record<string, unknown>;
  /** Which frames hold usage: parsing only those keeps the relay near the floor's cost. */
  carriesUsage(event: string, data: string): boolean;
  readUsage: UsageReader;
}

const frameText = (event: string, data: string) => (event && event !== 'message' ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`);

/**
 * Relays a streamed answer frame by frame, as the upstream wrote it (event name and data text
 * unchanged), reading usage from the frames that carry it. Stopping the reader closes the
 * upstream connection.
 */
export async function* relayStream(call: PassthroughCall, meter: RelayMeter, signal: AbortSignal): AsyncGenerator<string> {
  const answer = await openUpstream(call.target, call.body, signal);
  let finished = false;
  try {
    for await (const frame of readFrames(answer)) {
      const event = frame.event ?? '';
      if (call.carriesUsage(event, frame.data)) {
        try {
          call.readUsage(event, JSON.parse(frame.data), meter);
        } catch (error) {
          // The frame still reaches the caller as the upstream wrote it; only the meter missed it.
          meter.streamError ??= `unreadable usage frame: ${(error as Error).message}`;
        }
      }
      yield frameText(event, frame.data);
    }
    finished = true;
  } finally {
    if (!finished) answer.close();
  }
}

/** Relays a whole (non-streamed) answer's JSON text as the upstream wrote it, reading its usage. */
export async function relayWhole(call: PassthroughCall, meter: RelayMeter, signal: AbortSignal): Promise<string> {
  const answer = await openUpstream(call.target, call.body, signal);
  let text = '';
  for await (const piece of bodyText(answer.response)) text += piece;
  try {
    call.readUsage('', JSON.parse(text), meter);
  } catch (error) {
    meter.streamError = `unreadable answer: ${(error as Error).message}`;
  }
  return text;
}
