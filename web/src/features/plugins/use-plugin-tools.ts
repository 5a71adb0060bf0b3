import { toolPluginKeys } from '@parley/core';
import { useShallow } from 'zustand/react/shallow';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { readLastSelectedTools, saveLastSelectedTools } from './last-selected-tools.ts';

/** The pluginKeys chosen for the next message: the open conversation's, else the new chat's setup. */
export function useSelectedTools(): string[] {
  // A fresh array per read: compared item by item, or every store change would re-render in a loop.
  return useChatStore(useShallow((s) => (s.conversation ? toolPluginKeys(s.conversation.tools) : toolPluginKeys(s.setup?.options?.tools))));
}

/** Replaces the chosen tools (SPEC point 5: the single chosen tool replaces them) and remembers them. */
export function setSelectedTools(keys: string[]): void {
  const { conversation } = useChatStore.getState();
  if (conversation) chat.setConversation({ ...conversation, tools: keys });
  else chat.setOptions({ tools: keys.map((pluginKey) => ({ pluginKey })) });
  saveLastSelectedTools(keys);
}

/** After an uninstall: the plugin leaves the conversation's tools and lastSelectedTools. */
export function dropUninstalledTool(pluginKey: string): void {
  const { conversation, setup } = useChatStore.getState();
  const current = conversation ? toolPluginKeys(conversation.tools) : toolPluginKeys(setup?.options?.tools);
  if (current.includes(pluginKey)) {
    const kept = current.filter((k) => k !== pluginKey);
    if (conversation) chat.setConversation({ ...conversation, tools: kept });
    else chat.setOptions({ tools: kept.map((k) => ({ pluginKey: k })) });
  }
  saveLastSelectedTools(readLastSelectedTools().filter((k) => k !== pluginKey));
}
