import { placeholderResponseId, resolveEndpoint, ROOT_PARENT_ID, senderName, type Message } from '@parley/core';
import { messagesApi } from '../../api/messages-api.ts';
import { askBody, type AskTarget } from '../../state/ask-body.ts';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { conversationOptions, placeholderFor, userDraft } from '../../state/drafts.ts';
import { runStream, stopStream, type StreamHooks } from '../../state/run-stream.ts';
import { visibleBranch } from '../../state/visible-branch.ts';
import { attachedMessageFiles, isUploading, useAttachments } from '../files/attachments-store.ts';
import type { MessageCommands } from '../messages/actions/message-action.ts';
import { useDraftStore } from './draft-store.ts';
import { sendableOptions } from '../parameters/sendable-options.ts';

/** The chat screen's commands: sending and stopping, and what the message actions perform. */
export interface ChatActions extends MessageCommands {
  /** False when nothing was sent (busy, blank, the conversation still opening, or no endpoint chosen yet): the input keeps its text. */
  send(text: string): boolean;
  stop(): void;
}

function target(): (AskTarget & { sender: string }) | null {
  const { conversation, setup } = useChatStore.getState();
  const endpoint = conversation?.endpoint ?? setup?.endpoint;
  const model = conversation?.model ?? setup?.model;
  if (!endpoint || !model) return null;
  const options = sendableOptions(conversation ? conversationOptions(conversation) : { ...setup?.options });
  // A saved conversation keeps its plugins as a field of its own; the agent needs them with every ask.
  if (conversation && endpoint === 'gptPlugins') options.tools = conversation.tools;
  const name = resolveEndpoint(endpoint);
  return { endpoint, model, options, sender: name ? senderName(name, options) : '' };
}

const findMessage = (id: string) => useChatStore.getState().messages.find((m) => m.messageId === id);

function ask(hooks: StreamHooks, text: string, parentMessageId: string, route: 'ask' | 'edit' = 'ask'): boolean {
  const state = useChatStore.getState();
  const to = target();
  const trimmed = text.trim();
  if (state.submitting || !trimmed || !to || isUploading()) return false;
  const files = attachedMessageFiles();
  const drafted = userDraft({
    messageId: crypto.randomUUID(),
    conversationId: state.conversationId,
    parentMessageId,
    text: trimmed,
    endpoint: to.endpoint,
    model: to.model,
  });
  const request = files.length > 0 ? { ...drafted, files, filesname: files.map((f) => f.filename) } : drafted;
  const sent = files.map((f) => f.file_id);
  const placeholder = placeholderFor(request, to.sender);
  chat.upsert([request, placeholder]);
  void runStream(
    {
      route,
      endpoint: to.endpoint,
      request,
      placeholder,
      body: askBody(to, state.conversationId, { kind: 'send', text: trimmed, parentMessageId, messageId: request.messageId, files: sent.map((id) => ({ id })) }),
    },
    // The chips stay until the server takes the message: a refusal (too many files for this model) leaves them to mend and send again.
    { ...hooks, onAccepted: () => useAttachments.getState().removeMany(sent) },
  );
  return true;
}

function resume(hooks: StreamHooks, reply: Message, route: 'ask' | 'edit', generation: string) {
  const state = useChatStore.getState();
  const to = target();
  const request = findMessage(reply.parentMessageId);
  if (state.submitting || !to || !request) return;
  const placeholder = { ...reply, text: generation, unfinished: true, error: false };
  chat.upsert([placeholder]);
  void runStream(
    {
      route,
      endpoint: to.endpoint,
      request,
      placeholder,
      prefix: generation,
      body: askBody(to, state.conversationId, { kind: 'continue', request, reply, generation }),
    },
    hooks,
  );
}

/** The commands, each stream reported to `hooks` (the conversation created, the reply settled). */
export function chatCommands(hooks: StreamHooks): ChatActions {
  return {
    send(text) {
      const { conversationId, messages, choice, submitting, status } = useChatStore.getState();
      // While a conversation opens its messages are not there yet: a message sent now would start
      // a branch at the root, and the arriving messages would replace it on the screen.
      if (submitting || status === 'loading' || !target()) return false;
      if (!conversationId && messages.length > 0) {
        // The first message was refused: it is sent again as a new chat, with the files still attached.
        chat.openNew();
        useAttachments.getState().carryInto(useChatStore.getState().session);
      }
      const last = conversationId ? visibleBranch(messages, choice).at(-1)?.message : undefined;
      return ask(hooks, text, last?.messageId ?? ROOT_PARENT_ID);
    },
    regenerate(reply) {
      const state = useChatStore.getState();
      const to = target();
      const request = findMessage(reply.parentMessageId);
      if (state.submitting || !to || !request?.isCreatedByUser) return;
      const placeholder = { ...placeholderFor(request, to.sender), messageId: placeholderResponseId(request.messageId) };
      chat.upsert([placeholder]);
      void runStream(
        {
          route: 'ask',
          endpoint: to.endpoint,
          request,
          placeholder,
          body: askBody(to, state.conversationId, { kind: 'regenerate', request }),
        },
        hooks,
      );
    },
    continueReply: (reply) => resume(hooks, reply, 'ask', reply.text),
    editAndSubmit: (message, text) => void ask(hooks, text, message.parentMessageId),
    editReplyAndSubmit: (reply, text) => resume(hooks, reply, 'edit', text),
    async saveEdit(message, text) {
      const { conversationId } = useChatStore.getState();
      if (!conversationId) return;
      const saved = await messagesApi.saveText(conversationId, message.messageId, text, message.model);
      chat.upsert([saved], false);
    },
    fillInput: (text) => useDraftStore.getState().fill(text),
    stop: stopStream,
  };
}
