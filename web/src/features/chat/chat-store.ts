import { newConversationOptions, type Conversation, type EndpointName, type Message } from '@parley/core';
import { create } from 'zustand';
import type { BranchChoice } from '../messages/visible-branch.ts';

export interface ChatSetup {
  endpoint: EndpointName;
  model: string;
  /** Endpoint options chosen before the first message (settings panel, preset); the server's defaults fill the rest. */
  options?: Record<string, unknown>;
}

interface ChatState {
  /** Bumped whenever another conversation is opened, so a stream never writes into the wrong one. */
  session: number;
  /** null while the conversation is new (unsaved). */
  conversationId: string | null;
  conversation: Conversation | null;
  /** The whole tree, oldest first. */
  messages: Message[];
  choice: BranchChoice;
  status: 'ready' | 'loading';
  submitting: boolean;
  /** Endpoint and model of the next message in a new conversation. */
  setup: ChatSetup | null;
}

export const useChatStore = create<ChatState>()(() => ({
  session: 0,
  conversationId: null,
  conversation: null,
  messages: [],
  choice: {},
  status: 'ready',
  submitting: false,
  setup: null,
}));

const set = useChatStore.setState;
const get = useChatStore.getState;

/** Every state change of the open conversation goes through these. */
export const chat = {
  openNew() {
    set((s) => ({ session: s.session + 1, conversationId: null, conversation: null, messages: [], choice: {}, status: 'ready', submitting: false }));
  },
  startLoading(conversationId: string): number {
    set((s) => ({ session: s.session + 1, conversationId, conversation: null, messages: [], choice: {}, status: 'loading', submitting: false }));
    return get().session;
  },
  loaded(session: number, conversation: Conversation, messages: Message[]) {
    if (get().session !== session) return;
    set({ conversation, messages, status: 'ready' });
  },
  /** A new conversation was saved by its first message: it keeps its thread under the new id. */
  adopt(conversationId: string) {
    set({ conversationId });
  },
  setSetup(setup: ChatSetup) {
    set({ setup });
  },
  setConversation(conversation: Conversation) {
    set({ conversation, conversationId: conversation.conversationId });
  },
  /** The title the server wrote after the reply, fetched once the reply settled; a title already set stays. */
  adoptTitle(conversationId: string, title: string) {
    const { conversation } = get();
    if (conversation?.conversationId === conversationId && conversation.title === 'New Chat') set({ conversation: { ...conversation, title } });
  },
  /**
   * A pick in an open conversation: its next message goes to this endpoint and model (as in
   * LibreChat). Another endpoint starts from that endpoint's default settings.
   */
  switchModel(endpoint: EndpointName, model: string) {
    const { conversation } = get();
    if (!conversation) return;
    if (conversation.endpoint === endpoint) set({ conversation: { ...conversation, model } });
    else set({ conversation: { ...conversation, ...newConversationOptions(endpoint), endpoint, model } });
  },
  /** The settings panel's options: merged into the open conversation (sent with its next ask), else into the setup. */
  setOptions(options: Record<string, unknown>) {
    const { conversation, setup } = get();
    if (conversation) set({ conversation: { ...conversation, ...options } });
    else if (setup) set({ setup: { ...setup, options: { ...setup.options, ...options } } });
  },
  setSubmitting(submitting: boolean) {
    set({ submitting });
  },
  choose(parentId: string, childId: string) {
    set((s) => ({ choice: { ...s.choice, [parentId]: childId } }));
  },
  /** Inserts or replaces messages by id (replacing keeps the position), then points the branch at them. */
  upsert(messages: Message[], follow = true) {
    set((s) => {
      const next = [...s.messages];
      const choice = { ...s.choice };
      for (const message of messages) {
        const at = next.findIndex((m) => m.messageId === message.messageId);
        if (at >= 0) next[at] = message;
        else next.push(message);
        if (follow) choice[message.parentMessageId] = message.messageId;
      }
      return { messages: next, choice };
    });
  },
  /** A continue failed: the continued reply stays, finished, and the error is shown as its newest sibling. */
  keepWithError(reply: Message, error: Message) {
    chat.upsert([{ ...reply, unfinished: false }, error]);
  },
  /** Swaps a message for another with a different id (the placeholder for the saved reply). */
  replace(oldId: string, message: Message) {
    set((s) => {
      const at = s.messages.findIndex((m) => m.messageId === oldId);
      const rest = s.messages.filter((m) => m.messageId !== oldId && m.messageId !== message.messageId);
      const next = at >= 0 ? [...rest.slice(0, at), message, ...rest.slice(at)] : [...rest, message];
      return { messages: next, choice: { ...s.choice, [message.parentMessageId]: message.messageId } };
    });
  },
};
