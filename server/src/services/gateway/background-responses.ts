import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import type { ApiEventFrame, StreamFrame, Subscription } from '../../streams/stream-registry.ts';

/** A Responses stream event, as a background response keeps it. */
type BackgroundEvent = ApiEventFrame['data'] & Record<string, unknown>;
type ResponseObject = Record<string, unknown> & { id?: unknown; status?: unknown };

/** The events after which a Responses stream has nothing more to say. */
const terminalTypes = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

/**
 * Parley's own last event of a cancelled background response. OpenAI's stream has no such event:
 * a reader's stream just ends there; `GET` and `cancel` read it to answer status `cancelled`.
 */
const CANCELLED_EVENT = 'response.cancelled';

/** Only these events carry the response object or a failure: the others are not parsed when the state is read. */
const STATE_EVENT = /^\{"type":"(response\.(created|queued|in_progress|completed|incomplete|failed|cancelled)|error)"/;

/** What a background run writes to: its stop signal, and the stream its events go to. */
export interface BackgroundIo {
  /** Aborted by `POST /v1/responses/{id}/cancel`, from any instance. */
  readonly signal: AbortSignal;
  /** Whether the response has its id (its first event went out): a failure now is an event, not an answer. */
  readonly started: boolean;
  /** One Responses event object (the translation's writer). */
  event(event: { type: string } & Record<string, unknown>): void;
  /** One passed-through SSE frame, as the upstream wrote it. */
  frame(text: string): void;
}

/** The data line of one SSE frame (`event: …\ndata: …\n\n` or `data: …\n\n`). */
function dataOf(frame: string): string {
  const start = frame.startsWith('data: ') ? 6 : frame.indexOf('\ndata: ') + 7;
  return frame.slice(start, frame.endsWith('\n\n') ? -2 : undefined);
}

/**
 * Runs a Responses call with `background: true` detached from the connection that asked for it:
 * every event goes into the stream registry (memory or Redis) under the response's own id, from
 * its first event (`response.created`), numbered there as its `sequence_number`, so any instance
 * can replay it from any point (`starting_after`) and stop it (`cancel`). The caller leaving
 * stops nothing; a cancel aborts the upstream call, charged only for what it produced.
 *
 * Resolves with the response's id once its first event is stored; rejects when the call failed
 * before that (it is then answered like any call), or the user already runs as many streams
 * as `CONCURRENT_MESSAGE_MAX` allows.
 */
export function startBackgroundResponse(ctx: AppContext, userId: string, run: (io: BackgroundIo) => Promise<void>): Promise<string> {
  const limit = ctx.env.CONCURRENT_MESSAGE_MAX;
  const controller = new AbortController();
  let id: string | undefined;
  let seq = 0;
  let ended = false;
  let latest: ResponseObject = {};
  let writes: Promise<unknown> = Promise.resolve();
  let abortWatch: Subscription | undefined;
  let resolveStart!: (id: string) => void;
  let rejectStart!: (error: unknown) => void;
  const started = new Promise<string>((resolve, reject) => {
    resolveStart = resolve;
    rejectStart = reject;
  });

  const claim = async (streamId: string) => {
    const claimed = await ctx.streams.create({ streamId, userId, conversationId: streamId }, limit);
    if (!claimed.ok) throw new AppError('concurrent', `You already have ${limit} responses running; wait for one to finish.`);
    abortWatch = ctx.streams.onAbort(streamId, () => controller.abort());
    resolveStart(streamId);
  };

  const event = (data: BackgroundEvent) => {
    if (ended) return;
    const response = data.response as ResponseObject | undefined;
    if (response) {
      response.background = true;
      latest = response;
    }
    if (id === undefined) {
      if (typeof response?.id !== 'string' || !response.id) throw new AppError('upstream_error', `The upstream opened the response with ${data.type}, not response.created.`);
      const streamId = response.id;
      id = streamId;
      writes = claim(streamId);
    }
    data.sequence_number = seq++;
    const last = terminalTypes.has(data.type) || data.type === CANCELLED_EVENT;
    if (last) ended = true;
    const streamId = id;
    writes = writes.then(() => ctx.streams.append(streamId, { event: 'message', data, last }));
    writes.catch((error: unknown) => {
      // Unclaimed (the user's limit) or the registry away: nobody can read the rest, so it stops.
      controller.abort();
      rejectStart(error);
    });
  };

  const io: BackgroundIo = {
    signal: controller.signal,
    get started() {
      return id !== undefined;
    },
    event: (data) => event(data as BackgroundEvent),
    frame: (text) => event(JSON.parse(dataOf(text)) as BackgroundEvent),
  };

  void run(io)
    .then(
      () => {
        if (id === undefined) throw new AppError('upstream_error', 'The upstream answered no events.');
        if (!ended) event({ type: 'error', sequence_number: 0, code: 'upstream_error', message: 'The upstream ended the response early.', param: null });
      },
      (error: unknown) => {
        if (id === undefined) throw error;
        if (!controller.signal.aborted) ctx.log.warn({ err: error, responseId: id }, 'background response failed');
        if (ended) return;
        if (controller.signal.aborted) event({ type: CANCELLED_EVENT, sequence_number: 0, response: { ...latest, status: 'cancelled' } });
        else event({ type: 'error', sequence_number: 0, code: 'upstream_error', message: 'The response failed upstream.', param: null });
      },
    )
    .catch(rejectStart)
    .finally(() => writes.finally(() => abortWatch?.close()));
  return started;
}

/** Where a background response stands: the latest response object, and whether its stream ended. */
export interface BackgroundState {
  response: ResponseObject;
  ended: boolean;
}

function stateOf(frames: readonly StreamFrame[]): BackgroundState {
  let response: ResponseObject = {};
  let ended = false;
  for (const frame of frames) {
    if (frame.last) ended = true;
    if (!STATE_EVENT.test(frame.json)) continue;
    const data = JSON.parse(frame.json) as BackgroundEvent;
    if (data.response) response = data.response as ResponseObject;
    if (data.type === 'error') response = { ...response, status: 'failed', error: { code: data.code ?? null, message: data.message ?? '' } };
  }
  return { response: { ...response, status: ended ? response.status : 'in_progress' }, ended };
}

/** The caller's background response of that id: its frames so far; `not_found` when it is not the caller's, or expired. */
async function framesOf(ctx: AppContext, userId: string, id: string): Promise<StreamFrame[]> {
  const info = await ctx.streams.find(userId, id);
  const frames: StreamFrame[] = [];
  // Both registries hand over what they hold before `subscribe` resolves.
  const subscription = info?.streamId === id ? await ctx.streams.subscribe(id, -1, (frame) => frames.push(frame)) : null;
  if (!subscription) throw new AppError('not_found', `Response with id '${id}' not found.`);
  subscription.close();
  return frames;
}

/** `GET /v1/responses/{id}`: the response object as it stands (status `in_progress` until it ends). */
export async function readBackgroundResponse(ctx: AppContext, userId: string, id: string): Promise<BackgroundState> {
  return stateOf(await framesOf(ctx, userId, id));
}

/** How long a cancel waits for the running instance to stop the call and write the last event. */
const CANCEL_WAIT_MS = 10_000;

function lastFrame(ctx: AppContext, id: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CANCEL_WAIT_MS);
    let subscription: Subscription | null = null;
    let done = false;
    const finish = () => {
      done = true;
      clearTimeout(timer);
      subscription?.close();
      resolve();
    };
    void ctx.streams.subscribe(id, -1, (frame) => frame.last && finish()).then((opened) => {
      subscription = opened;
      if (done || !opened) finish();
    }, finish);
  });
}

/**
 * `POST /v1/responses/{id}/cancel`: stops a running background response (on whichever instance
 * runs it) and answers it with status `cancelled`; a response already cancelled answers the same
 * again, one that ended otherwise is a 400.
 */
export async function cancelBackgroundResponse(ctx: AppContext, userId: string, id: string): Promise<ResponseObject> {
  const before = await readBackgroundResponse(ctx, userId, id);
  if (!before.ended) {
    await ctx.streams.requestAbort(id);
    await lastFrame(ctx, id);
  }
  const { response, ended } = await readBackgroundResponse(ctx, userId, id);
  if (ended && response.status !== 'cancelled') throw new AppError('validation', `Cannot cancel a response with status '${String(response.status)}'.`, { param: null });
  return response;
}

/** The SSE text of a background response's frame for a reader who has every event up to `after`. */
export function backgroundFrameText(after: number) {
  return (frame: StreamFrame): string => {
    if (frame.seq <= after) return '';
    const type = /^\{"type":"([^"]+)"/.exec(frame.json)?.[1] ?? (JSON.parse(frame.json) as { type?: string }).type;
    return type === CANCELLED_EVENT ? '' : `event: ${type}\ndata: ${frame.json}\n\n`;
  };
}
