import { ROOT_PARENT_ID } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { choiceShowing, visibleBranch } from './visible-branch.ts';

const m = (messageId: string, parentMessageId: string) => ({ messageId, parentMessageId });

// u1 → a1, a2 (regenerated) ; a1 → u2 → a3
const messages = [m('u1', ROOT_PARENT_ID), m('a1', 'u1'), m('u2', 'a1'), m('a3', 'u2'), m('a2', 'u1')];

describe('visibleBranch (the thread shown)', () => {
  it('follows the newest sibling at every level by default, so a new branch is shown', () => {
    const rows = visibleBranch(messages, {});
    expect(rows.map((r) => r.message.messageId)).toEqual(['u1', 'a2']);
    expect(rows[1]).toMatchObject({ siblingIndex: 1, siblingCount: 2, siblingIds: ['a1', 'a2'] });
  });

  it('follows a chosen sibling and its own descendants', () => {
    const rows = visibleBranch(messages, { u1: 'a1' });
    expect(rows.map((r) => r.message.messageId)).toEqual(['u1', 'a1', 'u2', 'a3']);
    expect(rows[1]!.siblingIndex).toBe(0);
  });

  it('falls back to the newest sibling when the chosen one is gone', () => {
    expect(visibleBranch(messages, { u1: 'deleted' }).map((r) => r.message.messageId)).toEqual(['u1', 'a2']);
  });

  it('shows a message whose parent is missing, or is itself, as a root, as buildTree does', () => {
    const orphaned = [m('x1', 'deleted'), m('x2', 'x1'), m('self', 'self')];
    expect(visibleBranch(orphaned, {}).map((r) => r.message.messageId)).toEqual(['self']);
    expect(visibleBranch(orphaned, { [ROOT_PARENT_ID]: 'x1' }).map((r) => r.message.messageId)).toEqual(['x1', 'x2']);
    // A cycle has no root to start from: nothing of it is shown, and the walk ends.
    expect(visibleBranch([m('c1', 'c2'), m('c2', 'c1')], {})).toEqual([]);
  });

  it('hands back the caller’s own objects so memoized rows keep stable props', () => {
    expect(visibleBranch(messages, { u1: 'a1' })[2]!.message).toBe(messages[2]);
  });

  it('reads each message a bounded number of times, so a 2,000-message thread costs O(n)', () => {
    const size = 2000;
    const long = Array.from({ length: size }, (_, i) => m(`m${i}`, i === 0 ? ROOT_PARENT_ID : `m${i - 1}`));
    let reads = 0;
    const counted = new Proxy(long, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(visibleBranch(counted, {})).toHaveLength(size);
    expect(reads).toBeLessThanOrEqual(6 * size);
  });
});

describe('the branch that shows a message', () => {
  it('chooses, from the message up to the root, each ancestor among its siblings', () => {
    const tree = [
      { messageId: 'a', parentMessageId: ROOT_PARENT_ID },
      { messageId: 'b1', parentMessageId: 'a' },
      { messageId: 'c1', parentMessageId: 'b1' },
      { messageId: 'b2', parentMessageId: 'a' },
      { messageId: 'c2', parentMessageId: 'b2' },
    ];
    expect(visibleBranch(tree, {}).map((r) => r.message.messageId)).toEqual(['a', 'b2', 'c2']);
    const choice = choiceShowing(tree, 'c1');
    expect(choice).toEqual({ [ROOT_PARENT_ID]: 'a', a: 'b1', b1: 'c1' });
    expect(visibleBranch(tree, choice).map((r) => r.message.messageId)).toEqual(['a', 'b1', 'c1']);
  });
});
