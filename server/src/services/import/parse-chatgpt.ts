import { z } from 'zod';
import { boundedText, boundedTitle, exportTime, importLimits, orderThread, type ImportedConversation, type ThreadNode } from './import-thread.ts';
import type { ImportCounts } from './parse-export.ts';

/** One conversation of a ChatGPT data export's `conversations.json`: its messages are the nodes of `mapping`. */
const chatgptConversationSchema = z.object({
  title: z.string().nullish(),
  create_time: z.number().nullish(),
  mapping: z.record(z.string(), z.unknown()),
});

const chatgptNodeSchema = z.object({
  parent: z.string().max(200).nullish(),
  message: z
    .object({
      author: z.object({ role: z.string().max(40) }),
      content: z.object({
        content_type: z.string().max(100),
        parts: z.array(z.unknown()).max(10_000).nullish(),
      }),
      create_time: z.number().nullish(),
      metadata: z.object({ model_slug: z.string().max(200).nullish(), is_visually_hidden_from_conversation: z.boolean().nullish() }).nullish(),
      recipient: z.string().max(200).nullish(),
    })
    .nullish(),
});

/** Content types whose string parts are what the user and the model wrote; others (code runs, browsing, thoughts) are tool traffic. */
const textContent = new Set(['text', 'multimodal_text']);

/** The node's message as Parley keeps it, or null when it is not a visible user or assistant text. */
function readNode(raw: unknown, counts: ImportCounts): ThreadNode['message'] | undefined {
  const parsed = chatgptNodeSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const message = parsed.data.message;
  if (!message) return null;
  const role = message.author.role;
  const visible = (role === 'user' || role === 'assistant') && !message.metadata?.is_visually_hidden_from_conversation && (message.recipient ?? 'all') === 'all';
  if (!visible || !textContent.has(message.content.content_type)) {
    if (role !== 'system') counts.skippedMessages += 1;
    return null;
  }
  const parts = message.content.parts ?? [];
  const strings = parts.filter((part): part is string => typeof part === 'string');
  counts.skippedParts += parts.length - strings.length;
  const { text, cut } = boundedText(strings.join('\n'));
  if (cut) counts.skippedParts += 1;
  if (text.trim() === '') {
    counts.skippedMessages += 1;
    return null;
  }
  return {
    isCreatedByUser: role === 'user',
    sender: role === 'user' ? 'User' : 'ChatGPT',
    text,
    model: role === 'user' ? null : (message.metadata?.model_slug ?? null),
    createdAt: exportTime(message.create_time),
  };
}

/** One ChatGPT conversation, every branch of it, or null (counted) when none of it can be read. */
export function readChatgptConversation(raw: unknown, counts: ImportCounts): ImportedConversation | null {
  const parsed = chatgptConversationSchema.safeParse(raw);
  const entries = parsed.success ? Object.entries(parsed.data.mapping) : [];
  if (!parsed.success || entries.length > importLimits.nodesPerConversation) {
    counts.skippedConversations += 1;
    return null;
  }
  const nodes: ThreadNode[] = [];
  for (const [key, value] of entries) {
    const message = readNode(value, counts);
    if (message === undefined) {
      counts.skippedMessages += 1;
      continue;
    }
    const parent = (value as { parent?: unknown }).parent;
    nodes.push({ key, parentKey: typeof parent === 'string' ? parent : null, message });
  }
  const { messages, unreachable } = orderThread(nodes);
  counts.skippedMessages += unreachable;
  if (messages.length === 0) {
    counts.skippedConversations += 1;
    return null;
  }
  const model = messages.find((m) => m.model)?.model ?? null;
  return { title: boundedTitle(parsed.data.title, 'Imported chat'), createdAt: exportTime(parsed.data.create_time), endpoint: 'openAI', model, messages };
}
