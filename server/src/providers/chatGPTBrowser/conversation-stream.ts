import type { SseEvent } from '@parley/core';
import { ProviderError } from '../provider-error.ts';
import type { ChatEvent, FinishReason } from '../types.ts';
import { streamFailure } from './web-failure.ts';

/** A message of ChatGPT's conversation tree, as far as the reader looks at it. */
interface WebMessage {
  id?: string;
  author?: { role?: string };
  recipient?: string;
  channel?: string | null;
  status?: string;
  end_turn?: boolean | null;
  content?: { content_type?: string; parts?: unknown[]; thoughts?: { content?: unknown; summary?: unknown }[]; content?: unknown };
  metadata?: { model_slug?: string; finish_details?: { type?: string }; is_visually_hidden_from_conversation?: boolean };
}

/** The object every snapshot is, and every `v1` patch applies to. */
interface Envelope {
  message?: WebMessage | null;
  conversation_id?: string;
  error?: string | null;
  error_code?: string;
}

/** One `v1` operation: `p` a JSON pointer, `o` add | replace | append | remove | patch; both sticky when left out. */
interface PatchOp {
  p?: string;
  o?: string;
  v?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reply a user reads: an assistant message to everyone, as text, not a hidden or thinking one. */
function isAnswer(message: WebMessage): boolean {
  const type = message.content?.content_type;
  return (
    message.author?.role === 'assistant' &&
    (message.recipient ?? 'all') === 'all' &&
    (type === 'text' || type === 'multimodal_text') &&
    (message.channel ?? 'final') === 'final' &&
    !message.metadata?.is_visually_hidden_from_conversation
  );
}

const isReasoning = (message: WebMessage) =>
  message.author?.role === 'assistant' && (message.content?.content_type === 'thoughts' || message.content?.content_type === 'reasoning_recap');

function answerText(message: WebMessage): string {
  return (message.content?.parts ?? []).filter((part): part is string => typeof part === 'string').join('');
}

function reasoningText(message: WebMessage): string {
  const content = message.content;
  if (content?.content_type === 'reasoning_recap') return typeof content.content === 'string' ? content.content : '';
  return (content?.thoughts ?? [])
    .map((thought) => [thought.summary, thought.content].filter((part): part is string => typeof part === 'string' && part !== '').join('\n'))
    .filter(Boolean)
    .join('\n\n');
}

const finishOf = (type: string | undefined): FinishReason => (type === 'max_tokens' ? 'length' : type === 'interrupted' ? 'other' : 'stop');

/** JSON pointer segments (`/message/content/parts/0`). */
const pointer = (path: string) =>
  path
    .replace(/^\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Where a growing text of one message has got to: its id and how many characters were handed on. */
interface Progress {
  id: string | undefined;
  sent: number;
}

/**
 * Reads the reply stream of `POST /backend-api/conversation` into ChatEvents, in either encoding:
 * proxies of the chat2api family send the whole message again in every event (snapshots); the
 * current web back end, asked with `supported_encodings: ["v1"]`, sends `event: delta` patches.
 * Either way only what is new goes on (a snapshot's text past what was handed on, an `append`'s
 * value as it is), so the browser gets each character once, however the upstream sent it.
 */
export class ConversationStream {
  private root: Envelope | null = null;
  private stickyPath = '';
  private stickyOp = 'add';
  private conversationId: string | undefined;
  private readonly answer: Progress = { id: undefined, sent: 0 };
  private readonly reasoning: Progress = { id: undefined, sent: 0 };
  /** Whether any answer text was handed on: a later answer message (after a tool) starts a new paragraph. */
  private answered = false;
  private threadSent = '';
  private model: string | undefined;
  private finish: FinishReason | undefined;
  /** `[DONE]` or `message_stream_complete` arrived. */
  private complete = false;
  private out: ChatEvent[] = [];

  /** The events one SSE event of the upstream gives. Throws the ProviderError of an error it reports. */
  read(event: SseEvent): ChatEvent[] {
    this.out = [];
    if (event.event === 'delta_encoding') return this.out;
    if (event.data === '[DONE]') {
      this.complete = true;
      return this.out;
    }
    const payload = parse(event.data);
    if (!isObject(payload)) return this.out;
    if (typeof payload.type === 'string') this.control(payload);
    else if (event.event === 'delta' || 'v' in payload || 'o' in payload) this.apply(payload as PatchOp);
    else this.adopt(payload as Envelope);
    return this.out;
  }

  /** The events at the end of the body; a body that stopped before its reply was finished is a failure. */
  end(): ChatEvent[] {
    this.out = [];
    if (!this.finish && !this.complete) throw new ProviderError('upstream_error', 'the reply stream ended before the reply was finished');
    if (!this.answered) throw new ProviderError('upstream_error', 'the reply stream ended without a reply');
    this.out.push({ type: 'finish', reason: this.finish ?? 'stop' });
    return this.out;
  }

  /** `message_stream_complete`, `conversation_detail_metadata`, `moderation`, `error`… */
  private control(payload: Record<string, unknown>) {
    if (typeof payload.conversation_id === 'string') this.setConversation(payload.conversation_id);
    if (payload.type === 'message_stream_complete') this.complete = true;
    if (payload.type === 'moderation' && isObject(payload.moderation_response) && payload.moderation_response.blocked === true) {
      throw new ProviderError('content_filtered', 'the reply was blocked by moderation');
    }
    if (payload.type === 'error') {
      const message = typeof payload.message === 'string' ? payload.message : JSON.stringify(payload).slice(0, 500);
      throw streamFailure(message, typeof payload.code === 'string' ? payload.code : undefined);
    }
  }

  /** A snapshot (or a `v1` root): the whole current message. */
  private adopt(envelope: Envelope) {
    if (typeof envelope.error === 'string' && envelope.error !== '') throw streamFailure(envelope.error, envelope.error_code);
    this.root = envelope;
    if (typeof envelope.conversation_id === 'string') this.setConversation(envelope.conversation_id);
    if (isObject(envelope.message)) this.sync(envelope.message);
  }

  private apply(op: PatchOp) {
    // A bare `{v: {message}}` is a new root whatever came before; a bare `{v: "text"}` goes on at the sticky path.
    if (op.p === undefined && op.o === undefined && isObject(op.v) && 'message' in op.v) {
      this.stickyPath = '';
      this.stickyOp = 'add';
      return this.adopt(op.v as Envelope);
    }
    const path = op.p ?? this.stickyPath;
    if (op.p !== undefined) this.stickyPath = op.p;
    const kind = op.o ?? this.stickyOp;
    if (kind === 'patch') {
      for (const sub of Array.isArray(op.v) ? (op.v as PatchOp[]) : []) if (isObject(sub)) this.apply(sub);
      return;
    }
    if (op.o !== undefined) this.stickyOp = op.o;
    if (path === '') {
      if (kind === 'add' && isObject(op.v)) this.adopt(op.v as Envelope);
      return;
    }
    if (!this.root) return;
    const parts = pointer(path);
    const leaf = parts.pop()!;
    let parent: unknown = this.root;
    for (const part of parts) parent = isObject(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[part] : undefined;
    if (!isObject(parent) && !Array.isArray(parent)) return;
    const target = parent as Record<string, unknown>;
    if (kind === 'append') {
      if (typeof op.v !== 'string') return;
      target[leaf] = `${typeof target[leaf] === 'string' ? (target[leaf] as string) : ''}${op.v}`;
      const message = this.root.message;
      // The common case, a token appended to the answer: handed on as it came, without reading the text again.
      if (message && parts[0] === 'message' && parts[1] === 'content' && parts[2] === 'parts' && isAnswer(message) && message.id === this.answer.id) {
        this.answer.sent += op.v.length;
        return this.text(op.v);
      }
    } else if (kind === 'remove') {
      if (Array.isArray(target)) target.splice(Number(leaf), 1);
      else delete target[leaf];
    } else target[leaf] = op.v;
    if (parts[0] === 'message' && isObject(this.root.message)) this.sync(this.root.message);
    if (path === '/conversation_id' && typeof op.v === 'string') this.setConversation(op.v);
    if (path === '/error' && typeof op.v === 'string' && op.v !== '') throw streamFailure(op.v, this.root.error_code);
  }

  /** Hands on what a message has that was not handed on yet, and notes a finished answer. */
  private sync(message: WebMessage) {
    if (message.author?.role !== 'assistant') return;
    if (isAnswer(message)) {
      if (message.id !== this.answer.id) this.startAnswer(message.id);
      const text = answerText(message);
      if (text.length > this.answer.sent) {
        const fresh = text.slice(this.answer.sent);
        this.answer.sent = text.length;
        this.text(fresh);
      }
      const slug = message.metadata?.model_slug;
      if (slug && slug !== this.model) {
        this.model = slug;
        this.out.push({ type: 'model', id: slug });
      }
      if (message.status === 'finished_successfully' && message.end_turn === true) this.finish = finishOf(message.metadata?.finish_details?.type);
    } else if (isReasoning(message)) {
      if (message.id !== this.reasoning.id) Object.assign(this.reasoning, { id: message.id, sent: 0 });
      const text = reasoningText(message);
      if (text.length > this.reasoning.sent) {
        this.out.push({ type: 'reasoning', delta: text.slice(this.reasoning.sent) });
        this.reasoning.sent = text.length;
      }
    }
  }

  private startAnswer(id: string | undefined) {
    this.answer.id = id;
    this.answer.sent = 0;
    this.thread();
  }

  private text(delta: string) {
    if (delta === '') return;
    // A second answer message of one turn (after a tool, say) reads as a new paragraph.
    if (this.answered && this.answer.sent === delta.length) this.out.push({ type: 'text', delta: '\n\n' });
    this.answered = true;
    this.out.push({ type: 'text', delta });
  }

  private setConversation(id: string) {
    if (this.conversationId === id) return;
    this.conversationId = id;
    this.thread();
  }

  /** Where the reply lives upstream, once both its conversation and its message are known. */
  private thread() {
    const { conversationId } = this;
    const messageId = this.answer.id;
    if (!conversationId || !messageId || this.threadSent === `${conversationId}/${messageId}`) return;
    this.threadSent = `${conversationId}/${messageId}`;
    this.out.push({ type: 'upstream-thread', conversationId, messageId });
  }
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new ProviderError('upstream_error', `unreadable stream event: ${data.slice(0, 200)}`);
  }
}
