import { ROOT_PARENT_ID } from '../config/timings.ts';

/** The two fields the tree helpers need; works for stored rows, API messages and drafts alike. */
export interface TreeLink {
  messageId: string;
  parentMessageId: string | null;
}

export type TreeNode<T extends TreeLink> = T & { children: TreeNode<T>[] };

/**
 * Turns a flat list (oldest first) into the forest of roots, children in list order. A
 * message whose parent is missing becomes a root so nothing disappears. O(n) with a map.
 */
export function buildTree<T extends TreeLink>(messages: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const message of messages) nodes.set(message.messageId, { ...message, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const message of messages) {
    const node = nodes.get(message.messageId)!;
    const parent = message.parentMessageId ? nodes.get(message.parentMessageId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The branch from the root down to `leafId`, root first: what is sent upstream. Walks
 * parents through a map; a cycle or a missing link ends the walk instead of looping.
 */
export function branchTo<T extends TreeLink>(messages: readonly T[], leafId: string): T[] {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const branch: T[] = [];
  const seen = new Set<string>();
  let current = byId.get(leafId);
  while (current && !seen.has(current.messageId)) {
    seen.add(current.messageId);
    branch.push(current);
    current = current.parentMessageId && current.parentMessageId !== ROOT_PARENT_ID ? byId.get(current.parentMessageId) : undefined;
  }
  return branch.reverse();
}

/** The messages sharing `messageId`'s parent, itself included, in list order. */
export function siblingsOf<T extends TreeLink>(messages: readonly T[], messageId: string): T[] {
  const target = messages.find((m) => m.messageId === messageId);
  if (!target) return [];
  return messages.filter((m) => m.parentMessageId === target.parentMessageId);
}

/**
 * The leaf shown by default: from the newest root, follow the newest child at every level
 * (a new branch is the latest sibling, so it is the one shown).
 */
export function latestLeaf<T extends TreeLink>(messages: readonly T[]): T | undefined {
  const roots = buildTree(messages);
  let node = roots.at(-1);
  while (node && node.children.length > 0) node = node.children.at(-1);
  if (!node) return undefined;
  return messages.find((m) => m.messageId === node!.messageId);
}

/**
 * What a long conversation opens with before the rest of its tree: the last `count` messages of
 * the branch shown by default (down to `latestLeaf`) and their siblings, so each one's `n/m`
 * switcher counts right. In list order; O(n).
 */
export function recentOfLatestBranch<T extends TreeLink>(messages: readonly T[], count: number): T[] {
  const leaf = latestLeaf(messages);
  if (!leaf || count < 1) return [];
  const parents = new Set(branchTo(messages, leaf.messageId).slice(-count).map((m) => m.parentMessageId));
  return messages.filter((m) => parents.has(m.parentMessageId));
}
