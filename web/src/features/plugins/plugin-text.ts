import type { Plugin, PluginAuthField } from '@parley/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The server describes its built-in plugins in English; the store shows them in the reader's
 * language (`plugins:builtin.<pluginKey>`, `plugins:fields.<authField>`, a namespace of its own
 * so the chat page does not load them). A product name that no language translates (Google,
 * DALL-E) and an MCP server from the operator's file keep the server's words, as does every
 * plugin until the namespace has arrived.
 */
export const usePluginTranslation = () => useTranslation(['translation', 'plugins']);

export function pluginName(t: TFunction, plugin: Pick<Plugin, 'pluginKey' | 'name'>): string {
  return t(`plugins:builtin.${plugin.pluginKey}.name`, { defaultValue: plugin.name });
}

export function pluginDescription(t: TFunction, plugin: Pick<Plugin, 'pluginKey' | 'description'>): string {
  return t(`plugins:builtin.${plugin.pluginKey}.description`, { defaultValue: plugin.description });
}

export function authFieldText(t: TFunction, field: PluginAuthField): { label: string; description: string } {
  return {
    label: t(`plugins:fields.${field.authField}.label`, { defaultValue: field.label }),
    description: t(`plugins:fields.${field.authField}.description`, { defaultValue: field.description }),
  };
}

const spaced = (name: string) => name.replace(/[-_]+/g, ' ').trim();
const capitalised = (name: string) => name.charAt(0).toLocaleUpperCase() + name.slice(1);

/**
 * A tool as people read it: a built-in plugin by its name in the reader's language ("Calculator"),
 * an MCP server's tool (`get-sum_mcp_everything`) as "Everything: get sum", any other id with its
 * dashes as spaces.
 */
export function toolDisplayName(t: TFunction, tool: string): string {
  const mcp = /^(.+)_mcp_(.+)$/.exec(tool);
  if (mcp) return `${capitalised(spaced(mcp[2]!))}: ${spaced(mcp[1]!)}`;
  return pluginName(t, { pluginKey: tool, name: capitalised(spaced(tool)) });
}
