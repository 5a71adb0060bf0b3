import { resolveEndpoint, type EndpointName } from '@parley/core';
import { conversationOptions } from '../../state/drafts.ts';
import { chat, type useChatStore } from '../../state/chat-store.ts';
import type { EndpointOptionValues } from './option-paths.ts';

export interface CurrentSetup {
  endpoint: EndpointName;
  model: string;
  options: EndpointOptionValues;
  tools: unknown;
  /** The open conversation is saved: its endpoint stays, only its options and model change. */
  saved: boolean;
}

type ChatState = ReturnType<typeof useChatStore.getState>;

/** What the next message goes out with: the open conversation's settings, else the new conversation's setup. */
export function currentSetupOf({ conversation, setup }: Pick<ChatState, 'conversation' | 'setup'>): CurrentSetup | null {
  if (conversation) {
    const endpoint = resolveEndpoint(conversation.endpoint);
    if (!endpoint) return null;
    return { endpoint, model: conversation.model ?? '', options: conversationOptions(conversation), tools: conversation.tools, saved: true };
  }
  if (!setup) return null;
  return { endpoint: setup.endpoint, model: setup.model, options: setup.options ?? {}, tools: setup.options?.tools, saved: false };
}

/** Applies the settings panel's options to whatever `useCurrentSetup` reads. */
export const setCurrentOptions = (options: EndpointOptionValues) => chat.setOptions(options);
