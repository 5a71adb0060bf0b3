import { randomUUID } from 'node:crypto';
import type { ChatRequest, ChatTurn } from '../types.ts';

/** One message as the web back end takes it (`author.role`, text parts). */
interface WebMessage {
  id: string;
  author: { role: ChatTurn['role'] };
  content: { content_type: 'text'; parts: string[] };
  metadata: Record<string, never>;
}

/** The body of `POST /backend-api/conversation`, as ChatGPT's web client sends it (the fields Parley needs). */
export interface ConversationBody {
  action: 'next';
  messages: WebMessage[];
  conversation_id?: string;
  parent_message_id: string;
  model: string;
  timezone_offset_min: number;
  history_and_training_disabled: false;
  conversation_mode: { kind: 'primary_assistant' };
  supports_buffering: true;
  /** Asks for `event: delta` patches; a proxy that passes this on gets them, one of the chat2api family may send snapshots. */
  supported_encodings: ['v1'];
}

/** The address of the conversation call behind the operator's reverse proxy. */
export function conversationUrl(baseURL: string): URL {
  return new URL(`${baseURL.replace(/\/+$/, '')}/backend-api/conversation`);
}

/**
 * The conversation lives upstream, so a turn sends only what ChatGPT has not seen: the messages
 * after the newest reply whose place upstream is known, under that reply (`conversation_id`,
 * `parent_message_id`). Without one (a first message, a reply that died before its place was
 * stored, a conversation begun on another endpoint) the whole window goes as a new upstream
 * conversation under a fresh root, as the web client starts one; so does `fresh`, for a conversation
 * ChatGPT no longer has (deleted there, or another account's). Every message gets a fresh id:
 * a regenerate or an edit sends its question again as a new sibling upstream.
 */
export function conversationBody(request: Pick<ChatRequest, 'messages' | 'model'>, fresh = false, newId: () => string = randomUUID): ConversationBody {
  const turns = request.messages;
  const at = fresh ? -1 : turns.findLastIndex((turn) => turn.role === 'assistant' && turn.upstreamThread !== undefined);
  const thread = at >= 0 ? turns[at]!.upstreamThread : undefined;
  const unseen = thread ? turns.slice(at + 1) : turns;
  return {
    action: 'next',
    messages: unseen.map((turn) => ({ id: newId(), author: { role: turn.role }, content: { content_type: 'text', parts: [turn.content] }, metadata: {} })),
    ...(thread ? { conversation_id: thread.conversationId } : {}),
    parent_message_id: thread?.messageId ?? newId(),
    model: request.model,
    timezone_offset_min: 0,
    history_and_training_disabled: false,
    conversation_mode: { kind: 'primary_assistant' },
    supports_buffering: true,
    supported_encodings: ['v1'],
  };
}
