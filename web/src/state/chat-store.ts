import { DEFAULT_TITLE, newConversationOptions, type Conversation, type EndpointName, type Message } from '@parley/core';
import { create } from 'zustand';
import { choiceShowing, type BranchChoice } from './visible-branch.ts';
import { lastBingSettings, rememberBingSettings } from './bing-settings.ts';

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
  /** The tree, oldest first: whole, or while `complete` is false the end of the shown branch. */
  messages: Message[];
  /** Whether `messages` is the whole tree; false while a long conversation has only its recent messages. */
  complete: boolean;
  choice: BranchChoice;
  status: 'ready' | 'loading';
  submitting: boolean;
  /** Endpoint and model of the next message in a new conversation. */
  setup: ChatSetup | null;
  /**
   * The id a row was first drawn under, for a message that took another's place (the saved reply
   * for its placeholder): the thread keeps that row, measured, so a reader above it stays put.
   */
  rowKeys: Record<string, string>;
  /** A message to bring into view and mark (a search hit), with a count so the same hit opened twice scrolls again. */
  focus: { messageId: string; count: number } | null;
}

export const useChatStore = create<ChatState>()(() => ({
  session: 0,
  conversationId: null,
  conversation: null,
  messages: [],
  complete: true,
  choice: {},
  status: 'ready',
  submitting: false,
  setup: null,
  rowKeys: {},
  focus: null,
}));

/**
 * The stored tree with the page's own messages in place of their stored copies (a reply streamed
 * meanwhile, an edit), and the ones it added since, after it.
 */
function withLocalChanges(all: Message[], local: Message[]): Message[] {
  const localById = new Map(local.map((m) => [m.messageId, m]));
  const stored = new Set(all.map((m) => m.messageId));
  return [...all.map((m) => localById.get(m.messageId) ?? m), ...local.filter((m) => !stored.has(m.messageId))];
}

const set = useChatStore.setState;
const get = useChatStore.getState;

/** Every state change of the open conversation goes through these. */
export const chat = {
  openNew() {
    set((s) => ({ session: s.session + 1, conversationId: null, conversation: null, messages: [], complete: true, choice: {}, status: 'ready', submitting: false, rowKeys: {}, focus: null }));
  },
  startLoading(conversationId: string): number {
    set((s) => ({ session: s.session + 1, conversationId, conversation: null, messages: [], complete: false, choice: {}, status: 'loading', submitting: false, rowKeys: {}, focus: null }));
    return get().session;
  },
  /** The opened conversation arrived: its whole tree, or (`complete` false) the end of its shown branch. */
  loaded(session: number, conversation: Conversation, messages: Message[], complete = true) {
    if (get().session !== session) return;
    set({ conversation, messages, complete, status: 'ready' });
  },
  /** The whole tree of a conversation opened with its recent messages; what the page added or changed meanwhile stays. */
  loadedHistory(session: number, all: Message[]) {
    const { session: current, complete, messages } = get();
    if (current !== session || complete) return;
    set({ messages: withLocalChanges(all, messages), complete: true });
  },
  /** A new conversation was saved by its first message: it keeps its thread under the new id. */
  adopt(conversationId: string) {
    set({ conversationId });
  },
  setSetup(setup: ChatSetup) {
    // A new Bing conversation starts from the Bing settings chosen last (SPEC point 3, lastBingSettings).
    set({ setup: setup.endpoint === 'bingAI' && !setup.options ? { ...setup, options: lastBingSettings() } : setup });
  },
  setConversation(conversation: Conversation) {
    set({ conversation, conversationId: conversation.conversationId });
  },
  /** A new conversation's title from its stream (conversation-list-cache.ts); a title already set stays. */
  adoptTitle(conversationId: string, title: string) {
    const { conversation } = get();
    if (conversation?.conversationId === conversationId && conversation.title === DEFAULT_TITLE) set({ conversation: { ...conversation, title } });
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
    const next = get();
    if (next.conversation?.endpoint === 'bingAI') rememberBingSettings(next.conversation);
    else if (!next.conversation && next.setup?.endpoint === 'bingAI') rememberBingSettings(next.setup.options ?? {});
  },
  setSubmitting(submitting: boolean) {
    set({ submitting });
  },
  /** Shows the branch that holds `messageId` and brings it into view, marked (a search hit). */
  focusMessage(messageId: string) {
    set((s) => {
      if (!s.messages.some((m) => m.messageId === messageId)) return {};
      return { choice: { ...s.choice, ...choiceShowing(s.messages, messageId) }, focus: { messageId, count: (s.focus?.count ?? 0) + 1 } };
    });
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
      const rowKeys = { ...s.rowKeys, [message.messageId]: s.rowKeys[oldId] ?? oldId };
      return { messages: next, choice: { ...s.choice, [message.parentMessageId]: message.messageId }, rowKeys };
    });
  },
};
