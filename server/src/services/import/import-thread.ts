/** A message read from an export, before it gets Parley's ids; `key` and `parentKey` are the export's own. */
export interface ImportedMessage {
  key: string;
  parentKey: string | null;
  isCreatedByUser: boolean;
  sender: string;
  text: string;
  model: string | null;
  /** Milliseconds since the epoch, when the export says. */
  createdAt: number | null;
}

export interface ImportedConversation {
  title: string;
  createdAt: number | null;
  endpoint: string;
  model: string | null;
  /** Parents before children (breadth first), each `parentKey` naming a message before it, or null for a root. */
  messages: ImportedMessage[];
}

/** Bounds on what one import reads: past them a conversation or message is left out and counted. */
export const importLimits = {
  conversations: 5_000,
  /** Nodes of one conversation's tree (kept or not); a larger tree is left out whole. */
  nodesPerConversation: 20_000,
  messages: 100_000,
  /** Characters of one message's text; the rest is cut and counted as a skipped part. */
  textChars: 400_000,
  titleChars: 200,
};

/** One node of an export's tree: its parent (by the export's key) and the message it holds, if one worth keeping. */
export interface ThreadNode {
  key: string;
  parentKey: string | null;
  message: Omit<ImportedMessage, 'key' | 'parentKey'> | null;
}

/**
 * Orders a tree given by parent keys, parents first, in O(n): a node whose parent is not in the
 * tree is a root; a node without a message (a system or tool turn, an empty one) is passed over
 * and its children hang from its nearest kept ancestor. Nodes no root reaches are in a cycle and
 * are left out, counted. Nothing recurses, so a deep tree costs what a wide one does.
 */
export function orderThread(nodes: readonly ThreadNode[]): { messages: ImportedMessage[]; unreachable: number } {
  const byKey = new Map<string, ThreadNode>();
  for (const node of nodes) if (!byKey.has(node.key)) byKey.set(node.key, node);
  const children = new Map<string, ThreadNode[]>();
  const queue: { node: ThreadNode; keptParent: string | null }[] = [];
  for (const node of byKey.values()) {
    const parent = node.parentKey !== null && node.parentKey !== node.key ? byKey.get(node.parentKey) : undefined;
    if (!parent) queue.push({ node, keptParent: null });
    else {
      const list = children.get(parent.key);
      if (list) list.push(node);
      else children.set(parent.key, [node]);
    }
  }
  const messages: ImportedMessage[] = [];
  let reached = 0;
  for (let i = 0; i < queue.length; i += 1) {
    const { node, keptParent } = queue[i]!;
    reached += 1;
    let parentForChildren = keptParent;
    if (node.message) {
      messages.push({ ...node.message, key: node.key, parentKey: keptParent });
      parentForChildren = node.key;
    }
    for (const child of children.get(node.key) ?? []) queue.push({ node: child, keptParent: parentForChildren });
  }
  return { messages, unreachable: byKey.size - reached };
}

/** A time the export gives in seconds (ChatGPT) or as a date string (LibreChat), as milliseconds; null when absent or absurd. */
export function exportTime(value: unknown): number | null {
  const ms = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  // Between 2000 and a day from now: anything else is not a time this export can have.
  return Number.isFinite(ms) && ms > 946_684_800_000 && ms < Date.now() + 86_400_000 ? ms : null;
}

/** Cuts a text to the per-message bound, answering whether it did; NUL characters (PostgreSQL refuses them) go. */
export function boundedText(text: string): { text: string; cut: boolean } {
  const clean = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return clean.length > importLimits.textChars ? { text: clean.slice(0, importLimits.textChars), cut: true } : { text: clean, cut: false };
}

export const boundedTitle = (title: unknown, fallback: string) => {
  const text = typeof title === 'string' ? title.replaceAll('\u0000', '').trim() : '';
  return (text || fallback).slice(0, importLimits.titleChars);
};
