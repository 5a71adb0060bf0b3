import { randomUUID } from 'node:crypto';
import type { FinalEvent, PluginInfo } from '@parley/core';
import type { AppContext } from '../../http/context.ts';
import type { ChatRequest, FinishReason } from '../../providers/types.ts';
import { findConversation, renameConversation } from '../conversations/conversation-store.ts';
import { presentConversation, type ConversationRow } from '../conversations/present-conversation.ts';
import { renameMessage, upsertMessage, type MessageInput } from '../messages/message-store.ts';
import { presentMessage, type MessageRow } from '../messages/present-message.ts';
import { errorTextFor } from './chat-error-text.ts';
import type { Exchange } from './prepare-exchange.ts';
import { startReplySaver } from './reply-saver.ts';
import { fallbackTitle, generateTitle } from './title.ts';

interface Started {
  streamId: string;
  conversation: ConversationRow;
  userMessage: MessageRow;
  placeholder: MessageRow;
}

/** What has arrived so far; `text` includes a continued reply's prefix. */
interface Reply {
  text: string;
  reasoning: string;
  plugins: PluginInfo[];
  finishReason: FinishReason | null;
  tokenCount: number | null;
}

/**
 * Streams the upstream reply into the registry (`created` was sent by the caller), saves the
 * growing reply about once a second, and ends with a `final` frame (finished or cancelled) or
 * an `error` frame. Never throws: whatever happens, the stream ends and the slot is freed.
 */
export async function runExchange(ctx: AppContext, exchange: Exchange, started: Started): Promise<void> {
  const { streamId } = started;
  const controller = new AbortController();
  const abortSubscription = ctx.streams.onAbort(streamId, () => controller.abort());
  const reply: Reply = { text: exchange.continued?.prefix ?? '', reasoning: '', plugins: [], finishReason: null, tokenCount: null };
  const rowOf = (changes: Partial<MessageInput>): MessageInput => ({
    id: exchange.replyId,
    conversationId: exchange.conversationId,
    userId: exchange.userId,
    parentMessageId: started.userMessage.id,
    sender: exchange.sender,
    text: reply.text,
    reasoning: reply.reasoning || null,
    plugins: reply.plugins.length > 0 ? reply.plugins : null,
    isCreatedByUser: false,
    model: exchange.model,
    endpoint: exchange.endpoint,
    isEdited: started.placeholder.isEdited,
    ...changes,
  });
  const saver = startReplySaver(() => upsertMessage(ctx.db, rowOf({ unfinished: true })));
  let seq = 0;
  const delta = (fields: { delta: string; reasoningDelta?: string; plugins?: PluginInfo[] }) =>
    ctx.streams.append(streamId, { event: 'message', data: { message: true, seq: ++seq, ...fields } });

  try {
    const request: ChatRequest = {
      model: exchange.model,
      messages: exchange.turns,
      options: exchange.options,
      ...exchange.credentials,
    };
    for await (const event of exchange.provider.stream(request, controller.signal)) {
      if (controller.signal.aborted) break;
      if (event.type === 'text' || event.type === 'image') {
        const text = event.type === 'text' ? event.delta : `\n![image](${event.url})\n`;
        reply.text += text;
        await delta({ delta: text });
      } else if (event.type === 'reasoning') {
        reply.reasoning += event.delta;
        await delta({ delta: '', reasoningDelta: event.delta });
      } else if (event.type === 'tool-call') {
        reply.plugins.push({ latest: event.toolName, loading: true, inputs: [event.input] });
        await delta({ delta: '', plugins: reply.plugins });
      } else if (event.type === 'tool-result') {
        const plugin = reply.plugins.findLast((p) => p.latest === event.toolName && p.loading);
        if (plugin) Object.assign(plugin, { loading: false, outputs: event.output });
        await delta({ delta: '', plugins: reply.plugins });
      } else if (event.type === 'usage') {
        reply.tokenCount = event.completionTokens;
      } else if (event.type === 'finish') {
        reply.finishReason = event.reason;
      }
      saver.touch();
    }
    await saver.stop();
    await finish(ctx, exchange, started, reply, rowOf, controller.signal.aborted);
  } catch (error) {
    await saver.stop();
    if (controller.signal.aborted) await finish(ctx, exchange, started, reply, rowOf, true);
    else await fail(ctx, exchange, started, error, rowOf);
  } finally {
    abortSubscription.close();
  }
}

async function finish(
  ctx: AppContext,
  exchange: Exchange,
  started: Started,
  reply: Reply,
  rowOf: (changes: Partial<MessageInput>) => MessageInput,
  cancelled: boolean,
) {
  try {
    const changes = { unfinished: false, cancelled, finishReason: cancelled ? null : reply.finishReason, tokenCount: reply.tokenCount };
    const saved = exchange.continued
      ? await upsertMessage(ctx.db, rowOf(changes))
      : await renameMessage(ctx.db, exchange.userId, exchange.replyId, randomUUID(), rowOf(changes));
    const title = exchange.conversation ? undefined : await titleFor(exchange, reply, cancelled);
    if (title) await renameConversation(ctx.db, exchange.userId, exchange.conversationId, title);
    const conversation = (await findConversation(ctx.db, exchange.userId, exchange.conversationId)) ?? started.conversation;
    const data: FinalEvent = {
      final: true,
      conversation: presentConversation(conversation),
      requestMessage: presentMessage(started.userMessage),
      responseMessage: presentMessage(saved!),
      ...(title ? { title } : {}),
    };
    await ctx.streams.append(started.streamId, { event: 'message', data, last: true });
  } catch (error) {
    await fail(ctx, exchange, started, error, rowOf);
  }
}

/** A first exchange names its conversation; a cancelled one gets the first words without another call. */
async function titleFor(exchange: Exchange, reply: Reply, cancelled: boolean): Promise<string> {
  const userText = exchange.turns.findLast((t) => t.role === 'user')?.content ?? '';
  if (cancelled || reply.text.trim() === '') return fallbackTitle(userText);
  const base = { model: exchange.model, ...exchange.credentials };
  return generateTitle(exchange.provider, base, { userText, replyText: reply.text });
}

/**
 * Stores the failure as an error-flagged reply (the user message stays) and ends the stream
 * with an `error` frame. A continued reply keeps its earlier text; the error is reported only.
 */
async function fail(
  ctx: AppContext,
  exchange: Exchange,
  started: Started,
  error: unknown,
  rowOf: (changes: Partial<MessageInput>) => MessageInput,
) {
  const { text } = errorTextFor(error);
  const errorChanges = { text, error: true, unfinished: false, reasoning: null, plugins: null };
  try {
    let saved: MessageRow | undefined;
    if (exchange.continued) {
      await upsertMessage(ctx.db, rowOf({ unfinished: false, text: exchange.continued.prefix }));
      saved = { ...started.placeholder, ...errorChanges, id: `${exchange.replyId}-error`, updatedAt: new Date() };
    } else {
      saved = await renameMessage(ctx.db, exchange.userId, exchange.replyId, randomUUID(), rowOf(errorChanges));
    }
    await ctx.streams.append(started.streamId, { event: 'error', data: presentMessage(saved!), last: true });
  } catch {
    await ctx.streams.append(started.streamId, { event: 'error', data: { error: true, text }, last: true }).catch(() => undefined);
  }
}

