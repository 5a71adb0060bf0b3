import { z } from 'zod';
import { conversationSchema } from './conversation.ts';
import { messageSchema } from './message.ts';

/**
 * The server-sent events of `POST /api/ask/:endpoint`. Every frame carries an SSE `id:` with
 * its sequence number (created 0, deltas 1…n, the last frame n+1), so a client that lost the
 * connection resumes with `GET /api/ask/stream/:streamId?after=<last id>`.
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
  title: z.string().optional(),
});
export type FinalEvent = z.infer<typeof finalEventSchema>;

export type ChatMessageEvent = CreatedEvent | DeltaEvent | FinalEvent;

/** SSE event names: everything is `message` except the terminal `error`. */
export type ChatStreamFrame =
  | { event: 'message'; seq: number; data: ChatMessageEvent }
  | { event: 'error'; seq: number; data: z.infer<typeof messageSchema> };

export const chatMessageEventSchema = z.union([createdEventSchema, deltaEventSchema, finalEventSchema]);

export function isCreatedEvent(e: ChatMessageEvent): e is CreatedEvent {
  return 'created' in e;
}
export function isDeltaEvent(e: ChatMessageEvent): e is DeltaEvent {
  return 'delta' in e;
}
export function isFinalEvent(e: ChatMessageEvent): e is FinalEvent {
  return 'final' in e;
}
