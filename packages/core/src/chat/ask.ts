import { z } from 'zod';
import { ROOT_PARENT_ID } from '../config/timings.ts';
import { askFilesSchema } from '../files/file-schemas.ts';
import { conversationSchema } from './conversation.ts';
import { messageSchema } from './message.ts';

export const MESSAGE_TEXT_MAX_LENGTH = 100_000;

const id = z.string().min(1).max(200);

/**
 * Body of `POST /api/ask/:endpoint` and `POST /api/edit/:endpoint`. Endpoint options
 * (temperature, top_p, promptPrefix…) travel beside these fields and are kept as they are;
 * the endpoint registry validates them.
 */
export const askRequestSchema = z
  .looseObject({
    text: z.string().max(MESSAGE_TEXT_MAX_LENGTH, 'validation.text.max'),
    conversationId: id.nullable().default(null),
    parentMessageId: id.default(ROOT_PARENT_ID),
    /** The client's id for the new user message, so it can draw it before `created` arrives. */
    messageId: id.optional(),
    endpoint: z.string().min(1).max(64),
    /** Bounded like a preset's model: it is stored on the conversation and every message. */
    model: z.string().min(1).max(200),
    /** Regenerate: the user message whose reply is produced again, as a sibling of the old reply. */
    overrideParentMessageId: id.nullable().optional(),
    isRegenerate: z.boolean().optional(),
    /** Continue (or edit of a reply): append to `responseMessageId`, whose text so far is `generation`. */
    isContinued: z.boolean().optional(),
    responseMessageId: id.nullable().optional(),
    generation: z.string().max(MESSAGE_TEXT_MAX_LENGTH).nullable().optional(),
    /** Uploads attached to the new user message (`POST /api/ask/files/upload` ids). */
    files: askFilesSchema.optional(),
  })
  .transform((body) => ({ ...body, text: body.text.trim() }))
  .refine((body) => body.text.length > 0 || body.isContinued === true, {
    message: 'validation.text.required',
    path: ['text'],
  })
  .refine((body) => !body.isContinued || Boolean(body.responseMessageId), {
    message: 'validation.responseMessageId.required',
    path: ['responseMessageId'],
  });
export type AskRequest = z.infer<typeof askRequestSchema>;
export type AskRequestInput = z.input<typeof askRequestSchema>;

/** The fields of an ask body that are not endpoint options. */
export const askControlFields = [
  'text',
  'conversationId',
  'parentMessageId',
  'messageId',
  'endpoint',
  'model',
  'overrideParentMessageId',
  'isRegenerate',
  'isContinued',
  'responseMessageId',
  'generation',
  'files',
] as const;

/** `POST /api/ask/:endpoint/abort`: the abort key is the conversation id or the stream id. */
export const abortRequestSchema = z.object({
  abortKey: id,
  model: z.string().optional(),
});
export type AbortRequest = z.infer<typeof abortRequestSchema>;

export const abortResponseSchema = z.object({
  requestMessage: messageSchema,
  responseMessage: messageSchema,
  conversation: conversationSchema,
});
export type AbortResponse = z.infer<typeof abortResponseSchema>;

/** `PUT /api/messages/:conversationId/:messageId`: save an edit without a new reply. */
export const editMessageSchema = z.object({
  text: z.string().max(MESSAGE_TEXT_MAX_LENGTH, 'validation.text.max'),
  model: z.string().max(200).optional(),
});
export type EditMessageBody = z.infer<typeof editMessageSchema>;

export const resumeQuerySchema = z.object({
  after: z.coerce.number().int().min(-1).default(-1),
});
