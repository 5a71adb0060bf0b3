import { buildTree } from '@parley/core';
import { endpointOptions, type ExportSource } from './export-source.ts';

export interface JsonExportOptions {
  includeOptions: boolean;
  branches: boolean;
  recursive: boolean;
}

/**
 * The JSON export: the conversation's facts, its options when asked for, and the messages
 * either nested (each reply in its parent's `children`) or as one flat list, oldest first.
 */
export function exportJson(source: ExportSource, options: JsonExportOptions): string {
  const { conversation } = source;
  const document = {
    conversationId: conversation.conversationId,
    title: conversation.title,
    endpoint: conversation.endpoint,
    exportAt: source.exportedAt.toISOString(),
    branches: options.branches,
    recursive: options.recursive,
    ...(options.includeOptions ? { options: endpointOptions(conversation) } : {}),
    messages: options.recursive ? buildTree(source.messages) : source.messages,
  };
  return JSON.stringify(document, null, 2);
}
