import { DEFAULT_TITLE, placeholderResponseId, resolveEndpoint, ROOT_PARENT_ID, senderName, timings, type Message } from '@parley/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { conversationsApi, conversationsQueryKey } from '../../api/conversations-api.ts';
import { sendableOptions } from '../parameters/sendable-options.ts';
import { messagesApi } from '../../api/messages-api.ts';
import { visibleBranch } from '../../state/visible-branch.ts';
import { attachedMessageFiles, isUploading, useAttachments } from '../files/attachments-store.ts';
import { askBody, type AskTarget } from '../../state/ask-body.ts';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { conversationOptions, placeholderFor, userDraft } from '../../state/drafts.ts';
import { runStream, stopStream, type StreamHooks } from '../../state/run-stream.ts';

export interface ChatActions {
  /** False when nothing was sent (busy, blank, or no endpoint chosen yet): the input keeps its text. */
  send(text: string): boolean;
  regenerate(reply: Message): void;
  continueReply(reply: Message): void;
  /** User message: re-ask as a sibling branch under the same parent. */
  editAndSubmit(message: Message, text: string): void;
  /** Reply: keep the edited text and let the model go on from it. */
  editReplyAndSubmit(reply: Message, text: string): void;
  /** Either role: store the new text only. */
  saveEdit(message: Message, text: string): Promise<void>;
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

/** The chat screen's commands (SPEC point 4: sending, message actions), stable across renders. */
export function useChatActions(): ChatActions {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const hooks: StreamHooks = {
      onConversationCreated(conversationId) {
        chat.adopt(conversationId);
        navigate(`/chat/${conversationId}`, { replace: true });
        // The server stored the conversation with its first message; the sidebar lists it while the reply streams.
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      },
      onSettled(firstMessage) {
        // The title is written after the reply. Each pass refreshes the sidebar's list and, while
        // the open conversation still has the default title, asks for it: on a phone with the
        // drawer closed (or a hidden sidebar) no list is loaded to bring it to the top bar.
        const refresh = () => {
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          const { conversationId: open, conversation } = useChatStore.getState();
          if (!open || (conversation && conversation.title !== DEFAULT_TITLE)) return;
          conversationsApi.get(open).then(
            (named) => chat.adoptTitle(open, named.title),
            (error: unknown) => console.error('Fetching the title of the open conversation failed', error),
          );
        };
        refresh();
        // The title is generated after the reply; the list picks it up on these later passes.
        if (firstMessage) for (const delay of timings.listRefreshAfterFirstMessage) setTimeout(refresh, delay);
      },
    };

    const ask = (text: string, parentMessageId: string, route: 'ask' | 'edit' = 'ask'): boolean => {
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
    };

    const resume = (reply: Message, route: 'ask' | 'edit', generation: string) => {
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
    };

    return {
      send(text) {
        const { conversationId, messages, choice, submitting } = useChatStore.getState();
        if (submitting || !target()) return false;
        if (!conversationId && messages.length > 0) {
          // The first message was refused: it is sent again as a new chat, with the files still attached.
          chat.openNew();
          useAttachments.getState().carryInto(useChatStore.getState().session);
        }
        const last = conversationId ? visibleBranch(messages, choice).at(-1)?.message : undefined;
        return ask(text, last?.messageId ?? ROOT_PARENT_ID);
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
      continueReply: (reply) => resume(reply, 'ask', reply.text),
      editAndSubmit: (message, text) => void ask(text, message.parentMessageId),
      editReplyAndSubmit: (reply, text) => resume(reply, 'edit', text),
      async saveEdit(message, text) {
        const { conversationId } = useChatStore.getState();
        if (!conversationId) return;
        const saved = await messagesApi.saveText(conversationId, message.messageId, text, message.model);
        chat.upsert([saved], false);
      },
      stop: stopStream,
    };
  }, [navigate, queryClient]);
}
