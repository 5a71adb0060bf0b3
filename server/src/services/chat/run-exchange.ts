import { randomUUID } from 'node:crypto';
import { contextWindowOf, errorEvent, resolveModel, type FinalEvent, type MessageFile, type PluginInfo } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import type { ChatEvent, ChatRequest, FinishReason, UpstreamSession, UpstreamThread } from '../../providers/types.ts';
import { findConversation, saveUpstreamSession, updateConversationSettings } from '../conversations/conversation-store.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import { presentConversation } from '../../presenters/present-conversation.ts';
import { insertMessage, replaceMessage, upsertMessage, type MessageInput } from '../messages/message-store.ts';
import { GrowingText } from './growing-text.ts';
import { presentMessage, type MessageRow } from '../../presenters/present-message.ts';
import { storeGeneratedImage } from '../files/generated-image.ts';
import { turnsWithFiles } from '../files/turn-files.ts';
import { errorTextFor, type FailureContext } from './chat-error-text.ts';
import { keyOwnerOf, logExchangeFailure } from './log-exchange-failure.ts';
import type { Exchange } from './prepare-exchange.ts';
import { errorRow, keptContinuedRow, replyRow, storeErrorSibling } from './reply-row.ts';
import { watchIdle } from './idle-watch.ts';
import { withRateLimitRetry, type RetryWatch } from './rate-limit-retry.ts';
import { startEarly } from './early-start.ts';
import type { ProviderError } from '../../providers/provider-error.ts';
import type { CallMeter } from '../access/call-meter.ts';
import type { Payer } from '../access/owner-kinds.ts';
import { recordExchange } from './exchange-record.ts';
import { sendTitle } from './name-conversation.ts';
import type { UserMessageGate } from './user-message-gate.ts';
import type { ReplySaver } from './reply-saver.ts';
import type { StreamingReply } from './reply-batch-store.ts';
import { jsonWithoutNul, withoutNul } from './without-nul.ts';
import { deltaFrameJson } from '../../streams/frame-block.ts';

interface Started {
  streamId: string;
  /**
   * The user message on its way into the database, and its `created` frame: the upstream call
   * goes out meanwhile, nothing of the reply is sent before `created`, and nothing of it is written
   * before the message is stored. When the message cannot be stored the call is dropped; before
   * `created` the caller answers that failure and nothing is settled here, after it the stream
   * ends with an error here.
   */
  gate: UserMessageGate;
  /** The HTTP request that started the exchange, for the failure log line. */
  requestId?: string;
  /** The quota or credits of the exchange's model calls, held before each went upstream: charged when served, refunded when not. */
  hold?: CallMeter;
  /** Who pays, and from where the ask came: for the usage record. */
  payer?: Payer;
  clientIp?: string;
  /** performance.now() when the ask arrived. */
  startedAt: number;
}

/** What has arrived so far; a continued reply's text, reasoning and plugins included. */
interface Reply {
  text: GrowingText;
  /** Pictures a drawing model answered, kept as files. */
  files: MessageFile[];
  reasoning: GrowingText;
  plugins: PluginInfo[];
  finishReason: FinishReason | null;
  tokenCount: number | null;
  promptTokens?: number;
  /** The model the upstream says answered. */
  upstreamModel: string | null;
  /** Where the upstream keeps this reply, when it keeps the conversation (ChatGPT's web back end). */
  upstreamThread: UpstreamThread | null;
  /** performance.now() of the first delta shown. */
  firstOutputAt?: number;
  /** The sources the reply cites, in order, and the follow-ups the upstream suggests. */
  sources: { url: string; title: string }[];
  suggestions: string[];
  /** The upstream's own conversation after this turn, stored so the next message continues it. */
  session?: UpstreamSession;
}

/** At most this many sources and follow-ups are kept of a reply, each cut to a sane length. */
const MAX_SOURCES = 50;
const MAX_SUGGESTIONS = 6;
const short = (text: string, max: number) => withoutNul(text).slice(0, max);

const ignore = () => undefined;

type RowOf = (changes: Partial<MessageInput>) => MessageInput;

/** An exchange whose user message is stored. */
type Saved = Omit<Started, 'gate'> & { userMessage: MessageRow };

/** An existing conversation starts its next message from the settings of this exchange. */
async function saveSettings(ctx: AppContext, exchange: Exchange): Promise<void> {
  if (!exchange.conversation) return;
  const { endpoint, model, options } = exchange;
  await updateConversationSettings(ctx.db, exchange.userId, exchange.conversationId, { endpoint, model, options });
}

/**
 * The placeholder `<request>_` becomes the stored reply under a new id; a reply that ended
 * before its placeholder was ever written (most short replies) is inserted under the new id.
 */
async function storeUnderNewId(ctx: AppContext, row: MessageInput, placeholderStored: boolean): Promise<MessageRow> {
  const stored = { ...row, id: randomUUID() };
  const replaced = placeholderStored ? await replaceMessage(ctx.db, row.id, stored) : undefined;
  return replaced ?? insertMessage(ctx.db, stored);
}

/**
 * Streams the upstream reply into the registry (`created` was sent by the caller), saves the
 * growing reply about once a second (in one statement with every other live reply), and ends
 * the reply with a `final` frame (finished or cancelled) or an `error` frame; a new
 * conversation's `title` frame follows the final (or comes just before the error). Never
 * throws: whatever happens, the stream ends and the slot is freed.
 * The placeholder row and the conversation settings are written right after the first delta
 * is relayed (or at the first save tick), so they do not delay the first token.
 */
export async function runExchange(ctx: AppContext, exchange: Exchange, started: Started): Promise<void> {
  const { streamId } = started;
  const controller = new AbortController();
  const abortSubscription = ctx.streams.onAbort(streamId, () => controller.abort());
  // Abandoned (no token, no reader) for STREAM_IDLE_TIMEOUT_MS: stopped as if aborted, which frees the slot.
  const idle = watchIdle({
    idleMs: ctx.env.STREAM_IDLE_TIMEOUT_MS,
    hasReader: () => ctx.streams.hasReader(streamId),
    onIdle: () => controller.abort(),
    onError: (error) => ctx.log.warn({ err: error, streamId }, 'could not tell whether a stream has a reader'),
  });
  const continued = exchange.continued;
  // A continued reply goes on from what it has: its text (or the edit of it), reasoning and plugins.
  const reply: Reply = {
    text: new GrowingText(continued?.prefix ?? ''),
    files: Array.isArray(continued?.row.files) ? [...(continued.row.files as MessageFile[])] : [],
    reasoning: new GrowingText(continued?.row.reasoning ?? ''),
    plugins: Array.isArray(continued?.row.plugins) ? [...(continued.row.plugins as PluginInfo[])] : [],
    finishReason: null,
    tokenCount: null,
    upstreamModel: null,
    upstreamThread: null,
    sources: [],
    suggestions: [],
  };
  const fields = () => ({
    ...replyRow(exchange),
    plugins: reply.plugins.length > 0 ? reply.plugins : null,
    upstreamModel: reply.upstreamModel,
    upstreamConversationId: reply.upstreamThread?.conversationId ?? null,
    upstreamMessageId: reply.upstreamThread?.messageId ?? null,
    files: reply.files.length > 0 ? reply.files : null,
    sources: reply.sources.length > 0 ? reply.sources : null,
    suggestions: reply.suggestions.length > 0 ? reply.suggestions : null,
  });
  const rowOf = (changes: Partial<MessageInput>): MessageInput => ({
    ...fields(),
    text: reply.text.toString(),
    reasoning: reply.reasoning.toString() || null,
    ...changes,
  });
  // The row the save ticks write, built again only when an event changes more than the text or reasoning.
  let streamingRow: StreamingReply | undefined;
  let seq = 0;
  const { gate, ...rest } = started;
  type DeltaFields = { delta: string; reasoningDelta?: string; plugins?: PluginInfo[] };
  const append = (fields: DeltaFields) => {
    reply.firstOutputAt ??= performance.now();
    seq += 1;
    // A text chunk, nearly every frame, is written as its data object's JSON would be, without the object.
    const json = fields.reasoningDelta === undefined && fields.plugins === undefined ? deltaFrameJson(seq, JSON.stringify(fields.delta)) : JSON.stringify({ message: true, seq, ...fields });
    ctx.streams.appendLive(streamId, json);
  };
  // `created` comes before the first delta (on PGlite it may be announced just then, see user-message-gate.ts);
  // the first waits for it, every later one is appended at once (a promise per chunk cost a turn of the loop).
  const delta = (fields: DeltaFields): Promise<void> | undefined => (seq === 0 ? gate.beforeFirstDelta().then(() => append(fields)) : void append(fields));
  // Whether the client has been shown anything of this reply: a failure then must not take it away.
  const shown = () => seq > 0;
  // The steps still running, by tool call id: a step's parallel calls of one tool finish in any order.
  const running = new Map<string, PluginInfo>();
  const retryWatch = {
    shown,
    onRetry: (error: ProviderError, waitMs: number) =>
      ctx.log.info({ reqId: started.requestId, endpoint: exchange.endpoint, model: exchange.model, waitMs, upstreamStatus: error.upstreamStatus }, 'upstream rate limit: retrying once'),
  };
  // The call goes out while the user message is still being written (the slowest step before it).
  const upstream = startEarly(upstreamEvents(ctx, exchange, started.hold, controller.signal, retryWatch));
  // The message could not be stored: the call stops, and nothing of the reply is written.
  gate.stored.catch(() => controller.abort());
  // The reply's rows need the user message's conversation: they are saved once the message is stored.
  let saver: ReplySaver | undefined;
  let settings: Promise<void> | undefined;
  const startSaves = (active: ReplySaver) => {
    active.saveNow();
    settings = saveSettings(ctx, exchange);
  };
  const saves = gate.stored.then(() => {
    // The save ticks read only what the reply grew by, not the whole text (see growing-text.ts).
    saver = ctx.replySaves.track(() => (streamingRow ??= { ...fields(), text: reply.text, reasoning: reply.reasoning, unfinished: true }));
    saver.touch();
    if (shown()) startSaves(saver);
  }, ignore);
  // What the end needs: the stored user message (stored now if it still waits) and the reply's saves stopped.
  let ending: Ending | undefined;
  const endingOf = async (): Promise<Ending | undefined> => {
    try {
      const userMessage = await gate.beforeEnd();
      await saves;
      return { exchange, started: { ...rest, userMessage }, rowOf, placeholderStored: await saver!.stop(), shown };
    } catch {
      return undefined;
    }
  };

  try {
    for await (const event of upstream.events) {
      if (controller.signal.aborted) break;
      if (event.type === 'text' || event.type === 'image') {
        const image = event.type === 'image' ? await storeGeneratedImage(ctx, exchange.userId, exchange.conversationId, event.url, { download: event.download }) : undefined;
        if (image?.file) reply.files.push(image.file);
        const text = withoutNul(event.type === 'text' ? event.delta : image!.markdown);
        reply.text.append(text);
        const first = delta({ delta: text });
        if (first) await first;
      } else if (event.type === 'reasoning') {
        const reasoning = withoutNul(event.delta);
        reply.reasoning.append(reasoning);
        const first = delta({ delta: '', reasoningDelta: reasoning });
        if (first) await first;
      } else if (event.type === 'tool-call') {
        const plugin: PluginInfo = { latest: event.toolName, loading: true, inputs: [jsonWithoutNul(event.input)] };
        reply.plugins.push(plugin);
        running.set(event.toolCallId, plugin);
        await delta({ delta: '', plugins: reply.plugins });
      } else if (event.type === 'tool-result') {
        const plugin = running.get(event.toolCallId);
        running.delete(event.toolCallId);
        if (plugin) Object.assign(plugin, { loading: false, outputs: jsonWithoutNul(event.output) });
        await delta({ delta: '', plugins: reply.plugins });
      } else if (event.type === 'model') {
        reply.upstreamModel = event.id;
      } else if (event.type === 'upstream-thread') {
        reply.upstreamThread = { conversationId: event.conversationId, messageId: event.messageId };
      } else if (event.type === 'usage') {
        reply.tokenCount = event.completionTokens;
        reply.promptTokens = event.promptTokens;
      } else if (event.type === 'finish') {
        reply.finishReason = event.reason;
      } else if (event.type === 'session') {
        reply.session = event.state;
      } else if (event.type === 'source') {
        if (reply.sources.length < MAX_SOURCES && !reply.sources.some((s) => s.url === event.url)) reply.sources.push({ url: short(event.url, 2000), title: short(event.title, 300) });
      } else if (event.type === 'suggestions') {
        reply.suggestions = event.items.slice(0, MAX_SUGGESTIONS).map((item) => short(item, 300));
      }
      if (event.type !== 'text' && event.type !== 'reasoning') streamingRow = undefined;
      saver?.touch();
      idle.touch();
      // After the first thing shown, not the first event (often only the model's name): PGlite writes in this
      // thread, and a write begun before the first text arrived held that text back.
      if (!settings && shown() && saver) startSaves(saver);
    }
    settleSteps(running);
    ending = await endingOf();
    if (ending) await finish(ctx, ending, reply, { cancelled: controller.signal.aborted }, settings);
  } catch (error) {
    settleSteps(running);
    ending ??= await endingOf();
    // Not stored (see endUnstored): the call is closed, nothing is written.
    if (!ending) await upstream.drop();
    else if (controller.signal.aborted) await finish(ctx, ending, reply, { cancelled: true }, settings);
    else if (shown()) {
      logExchangeFailure(ctx.log, exchange, started.requestId, error);
      await finish(ctx, ending, reply, { cancelled: false, errorText: errorTextFor(error, failureContext(ctx, exchange)).text }, settings);
    } else await fail(ctx, ending, error);
  } finally {
    idle.stop();
    abortSubscription.close();
  }
  if (!ending) await endUnstored(ctx, exchange, started);
}

/**
 * The user message could not be stored. Before `created` the caller answers that (and settles
 * the hold); after it, the reply shown so far ends with the error: nothing of it is stored and
 * nothing is charged.
 */
async function endUnstored(ctx: AppContext, exchange: Exchange, started: Started) {
  const error = await started.gate.stored.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  const announced = await started.gate.announced.then(
    () => true,
    () => false,
  );
  if (!announced) return;
  logExchangeFailure(ctx.log, exchange, started.requestId, error);
  await started.hold?.settle({ served: false });
  const { text } = errorTextFor(error);
  await ctx.streams.append(started.streamId, { event: 'error', data: errorEvent({ text }), last: true }).catch((appendError: unknown) => logLostEnd(ctx, started, appendError));
}

/** The provider's events for this exchange, once its request is built (files read in). */
async function upstreamEvents(ctx: AppContext, exchange: Exchange, hold: CallMeter | undefined, signal: AbortSignal, retryWatch: RetryWatch): Promise<AsyncIterator<ChatEvent>> {
  const request: ChatRequest = {
    model: exchange.model,
    messages: await turnsWithFiles(ctx, exchange),
    options: exchange.options,
    modelAliases: endpointSettings(ctx.env, exchange.endpoint).aliases,
    ...exchange.credentials,
    beforeCall: hold?.beforeCall,
    ...(exchange.session ? { session: exchange.session } : {}),
  };
  return withRateLimitRetry(exchange.provider, request, signal, retryWatch)[Symbol.asyncIterator]();
}

/** A step still running when the reply ends (aborted, out of time, failed) is stored as stopped, not as loading forever. */
function settleSteps(running: Map<string, PluginInfo>) {
  for (const plugin of running.values()) plugin.loading = false;
  running.clear();
}

/** What the end of an exchange works with, whichever way it ends. */
interface Ending {
  exchange: Exchange;
  started: Saved;
  rowOf: RowOf;
  /** Whether the saver wrote the `<request>_` placeholder row. */
  placeholderStored: boolean;
  /** Whether any of the reply reached the client (a reply cut off midway is still charged). */
  shown: () => boolean;
}

/**
 * How a reply that keeps its text ended: finished, cancelled by the user, or cut short by a
 * failure after text was shown (`errorText`): then it stays `unfinished` with the error attached.
 */
interface Outcome {
  cancelled: boolean;
  errorText?: string;
}

async function finish(ctx: AppContext, ending: Ending, reply: Reply, outcome: Outcome, settings: Promise<void> | undefined) {
  const { exchange, started, rowOf, placeholderStored } = ending;
  const { cancelled, errorText = null } = outcome;
  const cut = errorText !== null;
  const served = !cancelled || ending.shown();
  await started.hold?.settle({ served, promptTokens: reply.promptTokens, completionTokens: reply.tokenCount ?? undefined });
  recordExchange(ctx, exchange, started.payer, started.clientIp, {
    served,
    promptTokens: reply.promptTokens,
    completionTokens: reply.tokenCount ?? undefined,
    upstreamModel: reply.upstreamModel,
    startedAt: started.startedAt,
    firstOutputAt: reply.firstOutputAt,
    status: cut ? 'error' : cancelled ? 'cancelled' : 'ok',
    errorCode: cut ? chatErrorCode(errorText) : undefined,
  });
  const naming = !exchange.conversation;
  try {
    await (settings ?? saveSettings(ctx, exchange));
    const changes = {
      unfinished: cut,
      cancelled,
      errorText,
      finishReason: cancelled || cut ? null : reply.finishReason,
      tokenCount: reply.tokenCount,
    };
    const saved = exchange.continued ? await upsertMessage(ctx.db, rowOf(changes)) : await storeUnderNewId(ctx, rowOf(changes), placeholderStored);
    // The next message under this reply continues the upstream's conversation where it is now.
    if (reply.session) await saveUpstreamSession(ctx.db, exchange.userId, exchange.conversationId, { ...reply.session, replyId: saved.id });
    const conversation = await findConversation(ctx.db, exchange.userId, exchange.conversationId);
    if (!conversation) throw new Error(`conversation ${exchange.conversationId} is gone`);
    const data: FinalEvent = {
      final: true,
      conversation: presentConversation(conversation),
      requestMessage: presentMessage(started.userMessage),
      responseMessage: presentMessage(saved),
    };
    // The title never delays the reply: a new conversation's is named after `final`, which
    // ends the reply (and frees its slot), and comes as the stream's last frame.
    await ctx.streams.append(started.streamId, { event: 'message', data, last: !naming, endsReply: naming });
  } catch (error) {
    return fail(ctx, ending, error);
  }
  if (naming) await sendTitle(ctx, exchange, started.streamId, cancelled || cut ? null : reply.text.toString(), true).catch((error: unknown) => logLostEnd(ctx, started, error));
}

/** The stream could not be ended (its registry is away): its readers end on their own once it expires. */
function logLostEnd(ctx: AppContext, started: Pick<Started, 'requestId' | 'streamId'>, error: unknown) {
  ctx.log.error({ err: error, reqId: started.requestId, streamId: started.streamId }, 'could not end the chat stream');
}

/** What a failure's text names: the upstream id the model was called as, its context window, whose key it used. */
function failureContext(ctx: AppContext, exchange: Exchange): FailureContext {
  const aliases = endpointSettings(ctx.env, exchange.endpoint).aliases;
  return {
    model: resolveModel(exchange.endpoint, exchange.model, aliases).upstreamId,
    contextWindow: contextWindowOf(exchange.endpoint, exchange.model, aliases),
    keyOwner: keyOwnerOf(exchange),
  };
}

/** The chat error code inside an error text (`{"type":"message_limit",…}`), for the usage record. */
function chatErrorCode(text: string): string {
  try {
    const { type } = JSON.parse(text) as { type?: unknown };
    return typeof type === 'string' ? type : 'upstream_error';
  } catch {
    return 'upstream_error';
  }
}

/**
 * A failure before anything was shown: stores it as an error-flagged reply (the user message stays; a new
 * conversation is named after its first words) and ends the stream
 * with that stored row in an `error` frame. A continued reply keeps its earlier text and the
 * error becomes its newest sibling, so the thread shows the failure and can switch back.
 */
async function fail(ctx: AppContext, ending: Ending, error: unknown) {
  const { exchange, started, placeholderStored } = ending;
  logExchangeFailure(ctx.log, exchange, started.requestId, error);
  await started.hold?.settle({ served: ending.shown() });
  const { text } = errorTextFor(error, failureContext(ctx, exchange));
  const facts = { upstreamModel: null, startedAt: started.startedAt, status: 'error', errorCode: chatErrorCode(text) } as const;
  recordExchange(ctx, exchange, started.payer, started.clientIp, { ...facts, served: ending.shown() });
  try {
    let saved: MessageRow;
    const kept = keptContinuedRow(exchange);
    if (kept) {
      await upsertMessage(ctx.db, kept);
      saved = await storeErrorSibling(ctx.db, exchange, text);
    } else {
      saved = await storeUnderNewId(ctx, errorRow(exchange, text), placeholderStored);
    }
    // A first message that failed still names its conversation (after its first words, as a
    // cancelled first reply does), so the sidebar never lists a bare "New Chat" for it.
    if (!exchange.conversation) await sendTitle(ctx, exchange, started.streamId, null, false);
    await ctx.streams.append(started.streamId, { event: 'error', data: errorEvent(presentMessage(saved)), last: true });
  } catch (storeError) {
    ctx.log.error({ err: storeError, reqId: started.requestId, userId: exchange.userId }, 'could not store the failed reply');
    await ctx.streams.append(started.streamId, { event: 'error', data: errorEvent({ text }), last: true }).catch(() => undefined);
  }
}
