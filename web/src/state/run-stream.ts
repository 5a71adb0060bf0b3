import {
  abortResponseSchema,
  chatErrorText,
  chatMessageEventSchema,
  errorEventSchema,
  isCreatedEvent,
  parseChatErrorText,
  isDeltaEvent,
  isTitleEvent,
  type AbortResponse,
  type AskRequestInput,
  type Message,
  type PluginInfo,
} from '@parley/core';
import { isApiError } from '../api/api-error.ts';
import { apiFetch, apiJson } from '../api/client.ts';
import { sessionHooks } from '../api/session.ts';
import { readSse } from '../api/sse-reader.ts';
import { chat, useChatStore } from './chat-store.ts';
import { adoptTitle } from './conversation-list-cache.ts';
import { errorMessageFrom } from './drafts.ts';
import { liveStreams, type LiveStream } from './live-streams.ts';
import { streaming } from './streaming-store.ts';

export interface StreamRequest {
  route: 'ask' | 'edit';
  endpoint: string;
  body: AskRequestInput;
  /** The user message the reply answers (already drawn). */
  request: Message;
  /** The reply drawn at once: a fresh placeholder, or the reply being continued. */
  placeholder: Message;
  /** Text the reply starts from (continue / edited reply). */
  prefix?: string;
}

export interface StreamHooks {
  /** A new conversation got its id: show it at /chat/:id. */
  onConversationCreated(conversationId: string): void;
  /** The server took the message (`created`): what it carried has gone with it. */
  onAccepted?(): void;
  /** The reply ended (answered, failed or cut): what the call cost is now known. */
  onSettled?(): void;
}

interface ActiveStream {
  session: number;
  /** Known once `created` arrives: lets a dropped connection resume from `lastFrameId`. */
  streamId: string | null;
  lastFrameId: number;
  endpoint: string;
  controller: AbortController;
  abortKey: string | null;
  stopRequested: boolean;
  settled: boolean;
  /** A new conversation's title frame arrived (it follows the reply's end). */
  titled: boolean;
  /** Known once `created` arrives (or from the start for a stream followed again after a reload). */
  conversationId: string | null;
  placeholder: Message;
  /** The reply as the stream starts from it: empty, or what a continued reply already had. */
  start: ReplyStart;
  /** The placeholder is the continued reply itself, so an error must not take its place. */
  continued: boolean;
  firstMessage: boolean;
  hooks: StreamHooks;
}

type ReplyStart = ReturnType<typeof streaming.snapshot>;

/** What a message already holds, as a stream's start. */
const startOf = (message: Message, text = message.text): ReplyStart => ({
  text,
  reasoning: message.reasoning ?? '',
  plugins: Array.isArray(message.plugins) ? (message.plugins as PluginInfo[]) : [],
});

let active: ActiveStream | null = null;

const current = (stream: ActiveStream) => useChatStore.getState().session === stream.session;

/**
 * What a reload needs to follow this reply: its stream, and the reply as the stream starts from
 * it (empty, or the continued text with its reasoning and steps). The stream's frames, replayed
 * from the first, bring the rest: the text itself is held only in the streaming store.
 */
function remember(stream: ActiveStream) {
  if (!stream.streamId || !stream.conversationId || stream.settled) return;
  const { text, reasoning, plugins } = stream.start;
  const placeholder = { ...stream.placeholder, text, reasoning: reasoning || null, plugins };
  liveStreams.remember(stream.conversationId, { streamId: stream.streamId, endpoint: stream.endpoint, placeholder });
}

function settle(stream: ActiveStream, apply: () => void) {
  if (stream.settled) return;
  stream.settled = true;
  if (stream.conversationId) liveStreams.forget(stream.conversationId);
  if (current(stream)) apply();
  stream.hooks.onSettled?.();
  if (active === stream) {
    streaming.stop();
    chat.setSubmitting(false);
    active = null;
  }
}

/** Whether the stream still owes something: its reply, or after a first reply the new conversation's title. */
const owed = (stream: ActiveStream) => !stream.settled || (stream.firstMessage && !stream.titled);

function applyFinal(stream: ActiveStream, final: AbortResponse) {
  settle(stream, () => {
    chat.setConversation(final.conversation);
    chat.upsert([final.requestMessage], false);
    chat.replace(stream.placeholder.messageId, final.responseMessage);
  });
}

function applyError(stream: ActiveStream, data: Partial<Message>) {
  const kind = parseChatErrorText(data.text ?? '')?.kind;
  // SPEC point 4: a ban ends the session at once, wherever it is reported.
  if (kind === 'ban' || kind === 'banned') sessionHooks()?.onBanned(data.text ?? '');
  // A first message refused before `created` (too many live replies) is still stored, with its
  // conversation: open that conversation so the next message continues it.
  if (stream.firstMessage && !stream.streamId && data.conversationId && current(stream)) {
    stream.hooks.onConversationCreated(data.conversationId);
  }
  settle(stream, () => {
    const error = errorMessageFrom(data, stream.placeholder);
    if (stream.continued) chat.keepWithError(stream.placeholder, error);
    else chat.replace(stream.placeholder.messageId, error);
  });
}

/** The stream ended with neither final nor error (connection lost): keep what arrived, flagged unfinished. */
function applyCut(stream: ActiveStream) {
  const { text, reasoning, plugins } = streaming.snapshot();
  settle(stream, () => chat.upsert([{ ...stream.placeholder, text, reasoning: reasoning || null, ...(plugins.length > 0 ? { plugins } : {}), unfinished: true }], false));
}

async function requestAbort(stream: ActiveStream) {
  if (!stream.abortKey) return;
  try {
    const answer = await apiJson(`/api/ask/${stream.endpoint}/abort`, { body: { abortKey: stream.abortKey }, schema: abortResponseSchema });
    applyFinal(stream, answer);
  } catch {
    // The stream's own final frame (cancelled) still arrives and settles the reply.
  }
}

function handleFrame(stream: ActiveStream, event: string, data: unknown) {
  if (event === 'error') {
    const error = errorEventSchema.safeParse(data);
    if (!error.success) console.warn('The chat stream sent an error frame of an unknown shape', data);
    return applyError(stream, error.success ? error.data : {});
  }
  const parsed = chatMessageEventSchema.safeParse(data);
  if (!parsed.success) return console.warn('Dropped a chat stream frame of an unknown shape', { event, data });
  const frame = parsed.data;
  if (isTitleEvent(frame)) {
    stream.titled = true;
    return adoptTitle(frame.conversationId, frame.title);
  }
  // After the reply ended (an abort's answer came first) only the title still counts.
  if (stream.settled) return;
  if (isCreatedEvent(frame)) {
    if (stream.streamId) return;
    stream.streamId = frame.streamId;
    stream.abortKey = frame.conversationId;
    stream.conversationId = frame.conversationId;
    stream.lastFrameId = Math.max(stream.lastFrameId, 0);
    stream.hooks.onAccepted?.();
    remember(stream);
    if (!current(stream)) return;
    if (stream.firstMessage) stream.hooks.onConversationCreated(frame.conversationId);
    chat.upsert([frame.message], false);
    if (stream.stopRequested) void requestAbort(stream);
  } else if (isDeltaEvent(frame)) {
    streaming.append(frame.seq, frame.delta, frame.reasoningDelta, frame.plugins);
  } else {
    applyFinal(stream, frame);
  }
}

/**
 * Runs one reply: `POST /api/{ask|edit}/:endpoint`, read as server-sent events (created →
 * deltas by seq → final, or an error frame; a new conversation's title frame after final, or
 * before the error). The reply shows as ended at its final; the stream is read on to its title,
 * which names the conversation in the thread and the list without asking again. A 401 refreshes the session once and retries
 * (apiFetch). The run outlives route changes; it only writes into the conversation it began in.
 */
export async function runStream(input: StreamRequest, hooks: StreamHooks): Promise<void> {
  const stream: ActiveStream = {
    session: useChatStore.getState().session,
    streamId: null,
    lastFrameId: -1,
    endpoint: input.endpoint,
    controller: new AbortController(),
    abortKey: input.body.conversationId ?? null,
    stopRequested: false,
    settled: false,
    titled: false,
    conversationId: null,
    placeholder: input.placeholder,
    start: input.body.isContinued === true ? startOf(input.placeholder, input.prefix) : startOf(input.placeholder, ''),
    continued: input.body.isContinued === true,
    firstMessage: !input.body.conversationId,
    hooks,
  };
  active?.controller.abort();
  active = stream;
  chat.setSubmitting(true);
  streaming.start(input.placeholder.messageId, stream.start.text, stream.start.reasoning, stream.start.plugins);
  const { signal } = stream.controller;
  try {
    await follow(stream, await apiFetch(`/api/${input.route}/${input.endpoint}`, { body: input.body, signal }));
  } catch (error) {
    if (signal.aborted) return applyCut(stream);
    // Before `created` nothing can be resumed: the request itself failed.
    if (!stream.streamId) return applyError(stream, { text: errorText(error) });
  }
  await resume(stream);
  if (!stream.settled) applyCut(stream);
}

/**
 * Follows again, after a reload, the reply a conversation was streaming (`liveStreams`): its
 * frames replayed from the first rebuild it, then the live ones follow. Answers false when the
 * stream is gone (it ended long ago, or its server restarted): the saved messages are then what counts.
 */
export async function followAgain(conversationId: string, live: LiveStream, hooks: StreamHooks): Promise<boolean> {
  const stream: ActiveStream = {
    session: useChatStore.getState().session,
    streamId: live.streamId,
    lastFrameId: -1,
    endpoint: live.endpoint,
    controller: new AbortController(),
    abortKey: conversationId,
    stopRequested: false,
    settled: false,
    titled: false,
    conversationId,
    placeholder: { ...live.placeholder, conversationId },
    start: startOf(live.placeholder),
    continued: false,
    firstMessage: false,
    hooks,
  };
  active?.controller.abort();
  active = stream;
  chat.setSubmitting(true);
  chat.upsert([stream.placeholder]);
  // The replay brings the agent's steps so far at once, not from the next live delta (which may be minutes away).
  streaming.start(stream.placeholder.messageId, stream.start.text, stream.start.reasoning, stream.start.plugins);
  await resume(stream);
  if (stream.settled) return true;
  if (stream.controller.signal.aborted) return true;
  settle(stream, () => undefined);
  return false;
}

const RESUME_ATTEMPTS = 3;

/** A connection lost mid-reply (or before the title) picks up after the last frame seen (`GET /api/ask/stream/:id?after=`). */
async function resume(stream: ActiveStream): Promise<void> {
  const { signal } = stream.controller;
  for (let attempt = 1; attempt <= RESUME_ATTEMPTS && owed(stream) && stream.streamId && !signal.aborted; attempt++) {
    try {
      const path = `/api/ask/stream/${encodeURIComponent(stream.streamId)}?after=${stream.lastFrameId}`;
      await follow(stream, await apiFetch(path, { signal }));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

async function follow(stream: ActiveStream, res: Response): Promise<void> {
  if (!res.body) throw new Error('The stream has no body.');
  for await (const frame of readSse(res.body, stream.controller.signal)) {
    if (frame.id !== null && Number.isFinite(Number(frame.id))) stream.lastFrameId = Number(frame.id);
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      console.warn('Dropped a chat stream frame that is not JSON', frame);
      continue;
    }
    handleFrame(stream, frame.event, data);
    if (!owed(stream)) return;
  }
}

function errorText(error: unknown): string {
  if (isApiError(error)) return chatErrorText(error.code, { message: error.message, ...error.data });
  return error instanceof Error ? error.message : String(error);
}

/** Stop: ask the server to end the reply; its answer is applied like a final frame. */
export function stopStream(): void {
  const stream = active;
  if (!stream || stream.settled) return;
  stream.stopRequested = true;
  void requestAbort(stream);
}

/** Leaving the conversation: stop reading (the server finishes and saves the reply on its own). */
export function detachStream(): void {
  const stream = active;
  if (!stream) return;
  active = null;
  // Coming back to the conversation in this tab follows the reply again.
  remember(stream);
  stream.settled = true;
  stream.controller.abort();
  streaming.stop();
  chat.setSubmitting(false);
}
