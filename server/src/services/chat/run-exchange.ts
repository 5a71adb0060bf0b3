import { randomUUID } from 'node:crypto';
import { errorEvent, resolveModel, titleModelFor, type FinalEvent, type MessageFile, type PluginInfo } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import type { ChatRequest, FinishReason } from '../../providers/types.ts';
import { findConversation, nameUntitledConversation, renameConversation, updateConversationSettings } from '../conversations/conversation-store.ts';
import { endpointSettings, pluginsAccount } from '../endpoints/endpoint-settings.ts';
import { offersUpstreamOf } from '../models/offered-model.ts';
import { presentConversation } from '../../presenters/present-conversation.ts';
import { insertMessage, replaceMessage, upsertMessage, type MessageInput } from '../messages/message-store.ts';
import { presentMessage, type MessageRow } from '../../presenters/present-message.ts';
import { storeGeneratedImage } from '../files/generated-image.ts';
import { turnsWithFiles } from '../files/turn-files.ts';
import { errorTextFor } from './chat-error-text.ts';
import { logExchangeFailure } from './log-exchange-failure.ts';
import type { Exchange } from './prepare-exchange.ts';
import { errorRow, keptContinuedRow, replyRow, storeErrorSibling } from './reply-row.ts';
import { watchIdle } from './idle-watch.ts';
import type { CallMeter } from '../access/call-meter.ts';
import type { Payer } from '../access/owner-kinds.ts';
import { recordExchange } from './exchange-record.ts';
import { fallbackTitle, generateTitle } from './title.ts';
import { jsonWithoutNul, withoutNul } from './without-nul.ts';

interface Started {
  streamId: string;
  userMessage: MessageRow;
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
  text: string;
  /** Pictures a drawing model answered, kept as files. */
  files: MessageFile[];
  reasoning: string;
  plugins: PluginInfo[];
  finishReason: FinishReason | null;
  tokenCount: number | null;
  promptTokens?: number;
  /** The model the upstream says answered. */
  upstreamModel: string | null;
  /** performance.now() of the first delta shown. */
  firstOutputAt?: number;
}

type RowOf = (changes: Partial<MessageInput>) => MessageInput;

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
 * growing reply about once a second (in one statement with every other live reply), and ends with a `final` frame (finished or cancelled) or
 * an `error` frame. Never throws: whatever happens, the stream ends and the slot is freed.
 * The placeholder row and the conversation settings are written right after the first event
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
    text: continued?.prefix ?? '',
    files: Array.isArray(continued?.row.files) ? [...(continued.row.files as MessageFile[])] : [],
    reasoning: continued?.row.reasoning ?? '',
    plugins: Array.isArray(continued?.row.plugins) ? [...(continued.row.plugins as PluginInfo[])] : [],
    finishReason: null,
    tokenCount: null,
    upstreamModel: null,
  };
  const rowOf = (changes: Partial<MessageInput>): MessageInput => ({
    ...replyRow(exchange),
    text: reply.text,
    reasoning: reply.reasoning || null,
    plugins: reply.plugins.length > 0 ? reply.plugins : null,
    upstreamModel: reply.upstreamModel,
    files: reply.files.length > 0 ? reply.files : null,
    ...changes,
  });
  const saver = ctx.replySaves.track(() => rowOf({ unfinished: true }));
  saver.touch();
  let settings: Promise<void> | undefined;
  let seq = 0;
  const delta = (fields: { delta: string; reasoningDelta?: string; plugins?: PluginInfo[] }) => {
    reply.firstOutputAt ??= performance.now();
    return ctx.streams.append(streamId, { event: 'message', data: { message: true, seq: ++seq, ...fields } });
  };
  // Whether the client has been shown anything of this reply: a failure then must not take it away.
  const shown = () => seq > 0;
  // The steps still running, by tool call id: a step's parallel calls of one tool finish in any order.
  const running = new Map<string, PluginInfo>();

  try {
    const request: ChatRequest = {
      model: exchange.model,
      messages: await turnsWithFiles(ctx, exchange),
      options: exchange.options,
      modelAliases: endpointSettings(ctx.env, exchange.endpoint).aliases,
      ...exchange.credentials,
      beforeCall: started.hold?.beforeCall,
    };
    for await (const event of exchange.provider.stream(request, controller.signal)) {
      if (controller.signal.aborted) break;
      if (event.type === 'text' || event.type === 'image') {
        const image = event.type === 'image' ? await storeGeneratedImage(ctx, exchange.userId, exchange.conversationId, event.url) : undefined;
        if (image?.file) reply.files.push(image.file);
        const text = withoutNul(event.type === 'text' ? event.delta : image!.markdown);
        reply.text += text;
        await delta({ delta: text });
      } else if (event.type === 'reasoning') {
        const reasoning = withoutNul(event.delta);
        reply.reasoning += reasoning;
        await delta({ delta: '', reasoningDelta: reasoning });
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
      } else if (event.type === 'usage') {
        reply.tokenCount = event.completionTokens;
        reply.promptTokens = event.promptTokens;
      } else if (event.type === 'finish') {
        reply.finishReason = event.reason;
      }
      saver.touch();
      idle.touch();
      if (!settings) {
        saver.saveNow();
        settings = saveSettings(ctx, exchange);
      }
    }
    settleSteps(running);
    const placeholderStored = await saver.stop();
    await finish(ctx, { exchange, started, rowOf, placeholderStored, shown }, reply, { cancelled: controller.signal.aborted }, settings);
  } catch (error) {
    settleSteps(running);
    const placeholderStored = await saver.stop();
    const ending = { exchange, started, rowOf, placeholderStored, shown };
    if (controller.signal.aborted) await finish(ctx, ending, reply, { cancelled: true }, settings);
    else if (shown()) {
      logExchangeFailure(ctx.log, exchange, started.requestId, error);
      await finish(ctx, ending, reply, { cancelled: false, errorText: errorTextFor(error, { model: upstreamIdOf(ctx, exchange) }).text }, settings);
    } else await fail(ctx, ending, error);
  } finally {
    idle.stop();
    abortSubscription.close();
  }
}

/** A step still running when the reply ends (aborted, out of time, failed) is stored as stopped, not as loading forever. */
function settleSteps(running: Map<string, PluginInfo>) {
  for (const plugin of running.values()) plugin.loading = false;
  running.clear();
}

/** What the end of an exchange works with, whichever way it ends. */
interface Ending {
  exchange: Exchange;
  started: Started;
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
    const titleModel = exchange.conversation ? undefined : await titleModelOf(ctx, exchange, reply, cancelled || cut);
    // Without a title call to wait for, the first words name the conversation in the final frame itself.
    const title = exchange.conversation || titleModel ? undefined : fallbackTitle(userTextOf(exchange));
    const renamed = title ? await renameConversation(ctx.db, exchange.userId, exchange.conversationId, title) : undefined;
    const conversation = renamed ?? (await findConversation(ctx.db, exchange.userId, exchange.conversationId));
    if (!conversation) throw new Error(`conversation ${exchange.conversationId} is gone`);
    const data: FinalEvent = {
      final: true,
      conversation: presentConversation(conversation),
      requestMessage: presentMessage(started.userMessage),
      responseMessage: presentMessage(saved),
      ...(title ? { title } : {}),
    };
    await ctx.streams.append(started.streamId, { event: 'message', data, last: true });
    // The title never delays the reply: it is written after `final`; the sidebar's refreshes pick it up.
    if (titleModel) await nameConversation(ctx, exchange, reply, titleModel);
  } catch (error) {
    await fail(ctx, ending, error);
  }
}

/** The upstream id this exchange's model was called as (the one a `model_not_found` names). */
const upstreamIdOf = (ctx: AppContext, exchange: Exchange) =>
  resolveModel(exchange.endpoint, exchange.model, endpointSettings(ctx.env, exchange.endpoint).aliases).upstreamId;

/** The chat error code inside an error text (`{"type":"message_limit",…}`), for the usage record. */
function chatErrorCode(text: string): string {
  try {
    const { type } = JSON.parse(text) as { type?: unknown };
    return typeof type === 'string' ? type : 'upstream_error';
  } catch {
    return 'upstream_error';
  }
}

const userTextOf = (exchange: Exchange) => exchange.turns.findLast((t) => t.role === 'user')?.content ?? '';

/**
 * The small text model that names a first exchange (the catalog's `titleModel` of the
 * endpoint's provider, never an image model), chosen by the server and run only when the
 * endpoint offers the caller that upstream model; none for a cancelled, cut or empty reply, an
 * endpoint without one, or a title model not offered: those take the first words of the question.
 */
async function titleModelOf(ctx: AppContext, exchange: Exchange, reply: Reply, stopped: boolean): Promise<string | undefined> {
  // gptPlugins runs on Azure's deployments with PLUGINS_USE_AZURE: its titles follow Azure's rule.
  const account = exchange.endpoint === 'gptPlugins' ? pluginsAccount(ctx.env) : exchange.endpoint;
  const model = stopped || reply.text.trim() === '' ? undefined : titleModelFor(account, exchange.model, endpointSettings(ctx.env, exchange.endpoint).aliases);
  return model && (await offersUpstreamOf(ctx, exchange.endpoint, model, exchange.caller)) ? model : undefined;
}

async function nameConversation(ctx: AppContext, exchange: Exchange, reply: Reply, titleModel: string): Promise<void> {
  const userText = userTextOf(exchange);
  try {
    const base = { model: titleModel, ...exchange.credentials };
    const title = await generateTitle(exchange.provider, base, { userText, replyText: reply.text });
    // A name the user gave meanwhile (within the title call's few seconds) is kept.
    const named = await nameUntitledConversation(ctx.db, exchange.userId, exchange.conversationId, title);
    ctx.log.debug({ conversationId: exchange.conversationId, named }, named ? 'conversation named' : 'conversation already named; generated title dropped');
  } catch (error) {
    ctx.log.warn({ err: error, conversationId: exchange.conversationId }, 'could not name the conversation');
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
  const { text } = errorTextFor(error, { model: upstreamIdOf(ctx, exchange) });
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
    if (!exchange.conversation) await renameConversation(ctx.db, exchange.userId, exchange.conversationId, fallbackTitle(userTextOf(exchange)));
    await ctx.streams.append(started.streamId, { event: 'error', data: errorEvent(presentMessage(saved)), last: true });
  } catch (storeError) {
    ctx.log.error({ err: storeError, reqId: started.requestId, userId: exchange.userId }, 'could not store the failed reply');
    await ctx.streams.append(started.streamId, { event: 'error', data: errorEvent({ text }), last: true }).catch(() => undefined);
  }
}
