import type { ImportSummary } from '@parley/core';
import { importLimits, type ImportedConversation } from './import-thread.ts';
import { readChatgptConversation } from './parse-chatgpt.ts';
import { readLibrechatConversation } from './parse-librechat.ts';

export type ImportCounts = Pick<ImportSummary, 'skippedConversations' | 'skippedMessages' | 'skippedParts'>;

export type ParsedExport =
  | ({ ok: true; format: ImportSummary['format']; conversations: ImportedConversation[] } & ImportCounts)
  | { ok: false; reason: 'not_json' | 'unknown_format' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const looksLikeChatgpt = (value: unknown) => isObject(value) && isObject(value.mapping);
const looksLikeLibrechat = (value: unknown) => isObject(value) && Array.isArray(value.messages);

/**
 * Reads an uploaded export (runs in the worker pool, which bounds its time and memory): a ChatGPT
 * data export's `conversations.json` (an array of conversations, each a `mapping` tree with its
 * branches) or LibreChat's JSON export (one conversation, or an array of them). Each part is
 * checked with zod; what cannot be read is left out and counted, and the whole is bounded by
 * `importLimits`. Every step is linear in the file's size.
 */
export function parseExport(input: { data: Uint8Array }): ParsedExport {
  let root: unknown;
  try {
    root = JSON.parse(Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength).toString('utf8'));
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  const items = Array.isArray(root) ? root : [root];
  const format = items.some(looksLikeChatgpt) ? 'chatgpt' : items.some(looksLikeLibrechat) ? 'librechat' : undefined;
  if (!format) return { ok: false, reason: 'unknown_format' };
  const counts: ImportCounts = { skippedConversations: 0, skippedMessages: 0, skippedParts: 0 };
  const conversations: ImportedConversation[] = [];
  let messages = 0;
  for (const item of items) {
    if (conversations.length >= importLimits.conversations) {
      counts.skippedConversations += 1;
      continue;
    }
    const conversation = format === 'chatgpt' ? readChatgptConversation(item, counts) : readLibrechatConversation(item, counts);
    if (!conversation) continue;
    if (messages + conversation.messages.length > importLimits.messages) {
      counts.skippedConversations += 1;
      counts.skippedMessages += conversation.messages.length;
      continue;
    }
    messages += conversation.messages.length;
    conversations.push(conversation);
  }
  return { ok: true, format, conversations, ...counts };
}
