import { ROOT_PARENT_ID, type TreeLink } from '@parley/core';

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
 * parent id → its children in list order. A message whose parent is missing (or itself) is a
 * root, under ROOT_PARENT_ID, as `buildTree` makes it one, so nothing disappears.
 */
function childrenByParent<T extends TreeLink>(messages: readonly T[]): Map<string, T[]> {
  const ids = new Set(messages.map((m) => m.messageId));
  const children = new Map<string, T[]>();
  for (const message of messages) {
    const parent = message.parentMessageId;
    const key = parent && parent !== message.messageId && ids.has(parent) ? parent : ROOT_PARENT_ID;
    const siblings = children.get(key);
    if (siblings) siblings.push(message);
    else children.set(key, [message]);
  }
  return children;
}

/**
 * The branch the thread shows: from the roots down, at every level the chosen child or, when
 * none was chosen (or it is gone), the newest one. O(n), and the rows carry the caller's own
 * objects (no copies: a 2,000-message thread recomputes it on every send and final).
 */
export function visibleBranch<T extends TreeLink>(messages: readonly T[], choice: BranchChoice): BranchRow<T>[] {
  const children = childrenByParent(messages);
  const rows: BranchRow<T>[] = [];
  let parentId = ROOT_PARENT_ID;
  let level = children.get(ROOT_PARENT_ID) ?? [];
  while (level.length > 0) {
    const chosen = level.findIndex((m) => m.messageId === choice[parentId]);
    const pick = chosen >= 0 ? chosen : level.length - 1;
    const message = level[pick]!;
    rows.push({ message, siblingIndex: pick, siblingCount: level.length, siblingIds: level.map((m) => m.messageId) });
    parentId = message.messageId;
    level = children.get(message.messageId) ?? [];
  }
  return rows;
}

/**
 * The choices that show `messageId`: at each level from it up to the root, its ancestor as the
 * chosen child, so the branch that holds it is the one drawn (a search hit on another branch).
 */
export function choiceShowing<T extends TreeLink>(messages: readonly T[], messageId: string): Record<string, string> {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const choice: Record<string, string> = {};
  let message = byId.get(messageId);
  while (message) {
    const parent = message.parentMessageId && message.parentMessageId !== message.messageId && byId.has(message.parentMessageId) ? message.parentMessageId : ROOT_PARENT_ID;
    if (choice[parent] !== undefined) break;
    choice[parent] = message.messageId;
    message = parent === ROOT_PARENT_ID ? undefined : byId.get(parent);
  }
  return choice;
}
