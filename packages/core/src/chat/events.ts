import { z } from 'zod';
import { conversationSchema } from './conversation.ts';
import { messageSchema, type Message } from './message.ts';

/**
 * The server-sent events of `POST /api/ask/:endpoint`. Every frame carries an SSE `id:` with
 * its sequence number (created 0, deltas 1…n, the reply's last frame n+1, a new conversation's
 * title n+2), so a client that lost the connection resumes with
 * `GET /api/ask/stream/:streamId?after=<last id>`.
 */
export const createdEventSchema = z.object({
  created: z.literal(true),
  message: messageSchema,
  conversationId: z.string(),
  streamId: z.string(),
});
export type CreatedEvent = z.infer<typeof createdEventSchema>;

export const pluginInfoSchema = z.looseObject({
  latest: z.string().nullable().optional(),
  loading: z.boolean().optional(),
  inputs: z.array(z.unknown()).optional(),
  outputs: z.unknown().optional(),
});
export type PluginInfo = z.infer<typeof pluginInfoSchema>;

/** New text since the previous delta (never a snapshot); `seq` increases by one. */
export const deltaEventSchema = z.object({
  message: z.literal(true),
  seq: z.number().int().min(1),
  delta: z.string(),
  reasoningDelta: z.string().optional(),
  plugins: z.array(pluginInfoSchema).optional(),
});
export type DeltaEvent = z.infer<typeof deltaEventSchema>;

export const finalEventSchema = z.object({
  final: z.literal(true),
  conversation: conversationSchema,
  requestMessage: messageSchema,
  responseMessage: messageSchema,
});
export type FinalEvent = z.infer<typeof finalEventSchema>;

/**
 * The one error frame (`event: error`, the stream's last): an error-flagged message whose
 * `text` is a chat error JSON (chat-error.ts). When the failed reply was stored it is that whole
 * message (so the thread can show it in place); before anything could be stored, only `error`
 * and `text` (and the conversation, when one was made).
 */
export const errorEventSchema = messageSchema.partial().extend({
  error: z.literal(true),
  text: z.string(),
});
export type ErrorEvent = z.infer<typeof errorEventSchema>;

/** The error frame's data: a stored error-flagged message as it is, or just the error's text. */
export function errorEvent(fields: Partial<Message> & { text: string }): ErrorEvent {
  return { ...fields, error: true };
}

/**
 * A new conversation's title, as stored: the stream's last frame, after `final` (once the title
 * model answered, within its 5 s) or just before the `error` of a failed first reply. An existing
 * conversation's stream has none.
 */
export const titleEventSchema = z.object({
  conversationId: z.string(),
  title: z.string(),
});
export type TitleEvent = z.infer<typeof titleEventSchema>;

export type ChatMessageEvent = CreatedEvent | DeltaEvent | FinalEvent | TitleEvent;

/** A chat stream frame as the server appends it: everything is `message` except the `error` that ends a failed reply. */
export type ChatFrame = { event: 'message'; data: ChatMessageEvent } | { event: 'error'; data: ErrorEvent };

export const chatMessageEventSchema = z.union([createdEventSchema, deltaEventSchema, finalEventSchema, titleEventSchema]);

export function isCreatedEvent(e: ChatMessageEvent): e is CreatedEvent {
  return 'created' in e;
}
export function isDeltaEvent(e: ChatMessageEvent): e is DeltaEvent {
  return 'delta' in e;
}
export function isFinalEvent(e: ChatMessageEvent): e is FinalEvent {
  return 'final' in e;
}
export function isTitleEvent(e: ChatMessageEvent): e is TitleEvent {
  return 'title' in e;
}
