import { buildTree, ROOT_PARENT_ID, type TreeLink, type TreeNode } from '@parley/core';

/** A message on the shown branch with its place among its siblings (for the `n/m` switcher). */
export interface BranchRow<T extends TreeLink> {
  message: T;
  siblingIndex: number;
  siblingCount: number;
  /** The sibling ids in order, so the switcher can pick the previous or next one. */
  siblingIds: readonly string[];
}

/** parent id (ROOT_PARENT_ID for the first level) → the chosen child's id. */
export type BranchChoice = Readonly<Record<string, string>>;

/**
 * The branch the thread shows: from the roots down, at every level the chosen child or, when
 * none was chosen (or it is gone), the newest one. O(n) over the tree.
 */
export function visibleBranch<T extends TreeLink>(messages: readonly T[], choice: BranchChoice): BranchRow<T>[] {
  // The tree holds copies; rows carry the caller's own objects so memoized rows keep their props.
  const originals = new Map(messages.map((m) => [m.messageId, m]));
  const rows: BranchRow<T>[] = [];
  let level: TreeNode<T>[] = buildTree(messages);
  let parentId = ROOT_PARENT_ID;
  while (level.length > 0) {
    const chosen = level.findIndex((n) => n.messageId === choice[parentId]);
    const pick = chosen >= 0 ? chosen : level.length - 1;
    const node = level[pick]!;
    rows.push({
      message: originals.get(node.messageId)!,
      siblingIndex: pick,
      siblingCount: level.length,
      siblingIds: level.map((n) => n.messageId),
    });
    parentId = node.messageId;
    level = node.children;
  }
  return rows;
}
