import { resolveEndpoint, ROOT_PARENT_ID } from '@parley/core';
import { z } from 'zod';
import { boundedText, boundedTitle, exportTime, importLimits, orderThread, type ImportedConversation, type ThreadNode } from './import-thread.ts';
import type { ImportCounts } from './parse-export.ts';

/** LibreChat's "Export conversation → JSON": the conversation's fields and its messages, flat or as a tree (`recursive`). */
const librechatExportSchema = z.object({
  conversationId: z.string().max(200).optional(),
  title: z.string().nullish(),
  endpoint: z.string().max(100).nullish(),
  model: z.string().max(200).nullish(),
  options: z.object({ model: z.string().max(200).nullish(), endpoint: z.string().max(100).nullish() }).nullish(),
  recursive: z.boolean().optional(),
  messages: z.array(z.unknown()),
});

const librechatMessageSchema = z.object({
  messageId: z.string().max(200),
  parentMessageId: z.string().max(200).nullish(),
  text: z.string().nullish(),
  content: z.array(z.unknown()).max(10_000).nullish(),
  sender: z.string().max(200).nullish(),
  isCreatedByUser: z.boolean().optional(),
  model: z.string().max(200).nullish(),
  error: z.boolean().nullish(),
  createdAt: z.union([z.string().max(100), z.number()]).nullish(),
  children: z.array(z.unknown()).nullish(),
});

/** A message's text: its `text`, or the text parts of its `content` (newer LibreChat); other parts counted as skipped. */
function messageText(message: z.infer<typeof librechatMessageSchema>, counts: ImportCounts): string {
  if (message.text) return message.text;
  const parts = message.content ?? [];
  const texts = parts.flatMap((part) => {
    const text = (part as { type?: unknown; text?: unknown } | null)?.text;
    return (part as { type?: unknown } | null)?.type === 'text' && typeof text === 'string' ? [text] : [];
  });
  counts.skippedParts += parts.length - texts.length;
  return texts.join('\n');
}

/** A LibreChat JSON export (one conversation, every branch), or null (counted) when none of it can be read. */
export function readLibrechatConversation(raw: unknown, counts: ImportCounts): ImportedConversation | null {
  const parsed = librechatExportSchema.safeParse(raw);
  if (!parsed.success) {
    counts.skippedConversations += 1;
    return null;
  }
  // A tree export nests replies under `children`: walked with a stack, never by recursion.
  const pending: unknown[] = [...parsed.data.messages];
  const nodes: ThreadNode[] = [];
  let seen = 0;
  while (pending.length > 0) {
    seen += 1;
    if (seen > importLimits.nodesPerConversation) {
      counts.skippedConversations += 1;
      return null;
    }
    const item = librechatMessageSchema.safeParse(pending.pop());
    if (!item.success) {
      counts.skippedMessages += 1;
      continue;
    }
    const message = item.data;
    for (const child of message.children ?? []) pending.push(child);
    const { text, cut } = boundedText(messageText(message, counts));
    if (cut) counts.skippedParts += 1;
    const keep = !message.error && text.trim() !== '';
    if (!keep) counts.skippedMessages += 1;
    const parent = message.parentMessageId && message.parentMessageId !== ROOT_PARENT_ID ? message.parentMessageId : null;
    nodes.push({
      key: message.messageId,
      parentKey: parent,
      message: keep
        ? {
            isCreatedByUser: message.isCreatedByUser === true,
            sender: (message.sender ?? (message.isCreatedByUser ? 'User' : 'Assistant')).replaceAll('\u0000', '').slice(0, 100) || 'Assistant',
            text,
            model: message.isCreatedByUser ? null : (message.model ?? null),
            createdAt: exportTime(message.createdAt),
          }
        : null,
    });
  }
  // The stack visits a tree export's messages last-first; the list's own order (oldest first) is kept for siblings.
  nodes.reverse();
  const { messages, unreachable } = orderThread(nodes);
  counts.skippedMessages += unreachable;
  if (messages.length === 0) {
    counts.skippedConversations += 1;
    return null;
  }
  const data = parsed.data;
  const endpoint = resolveEndpoint(data.endpoint ?? data.options?.endpoint ?? '') ?? 'openAI';
  const model = data.model ?? data.options?.model ?? messages.find((m) => m.model)?.model ?? null;
  return { title: boundedTitle(data.title, 'Imported chat'), createdAt: messages[0]!.createdAt, endpoint, model, messages };
}
