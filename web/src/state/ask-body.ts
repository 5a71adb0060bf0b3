import { askControlFields, type AskRequestInput, type Message } from '@parley/core';

const controlFields: ReadonlySet<string> = new Set(askControlFields);

/** Where an ask goes: the endpoint and model, and the endpoint options it carries (temperature…). */
export interface AskTarget {
  endpoint: string;
  model: string;
  options: Record<string, unknown>;
}

/** What is asked: a new user message, a new reply to an old one, or more of a reply. */
export type AskTurn =
  | { kind: 'send'; text: string; parentMessageId: string; messageId: string; files?: { id: string }[] }
  | { kind: 'regenerate'; request: Message }
  /** Continue a reply, or let the model go on from its edited text (`generation`). */
  | { kind: 'continue'; request: Message; reply: Message; generation: string };

/**
 * The body of `POST /api/{ask|edit}/:endpoint`, typed as core's ask request. The endpoint
 * options travel beside its fields, but an option named like one of them (a stored
 * conversation may carry a `parentMessageId`) is left out, so options never steer the ask.
 */
export function askBody(target: AskTarget, conversationId: string | null, turn: AskTurn): AskRequestInput {
  const options = Object.fromEntries(Object.entries(target.options).filter(([key]) => !controlFields.has(key)));
  const base = { ...options, conversationId, endpoint: target.endpoint, model: target.model };
  switch (turn.kind) {
    case 'send':
      return { ...base, text: turn.text, parentMessageId: turn.parentMessageId, messageId: turn.messageId, ...(turn.files?.length ? { files: turn.files } : {}) };
    case 'regenerate':
      return {
        ...base,
        text: turn.request.text,
        parentMessageId: turn.request.parentMessageId,
        overrideParentMessageId: turn.request.messageId,
        isRegenerate: true,
      };
    case 'continue':
      return {
        ...base,
        text: '',
        parentMessageId: turn.request.messageId,
        isContinued: true,
        responseMessageId: turn.reply.messageId,
        generation: turn.generation,
      };
  }
}
