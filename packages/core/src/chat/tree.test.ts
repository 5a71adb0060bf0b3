import { describe, expect, it } from 'vitest';
import { ROOT_PARENT_ID } from '../config/timings.ts';
import { branchTo, buildTree, latestLeaf, recentOfLatestBranch, siblingsOf, type TreeLink } from './tree.ts';

const m = (messageId: string, parentMessageId: string): TreeLink & { text: string } => ({
  messageId,
  parentMessageId,
  text: messageId,
});

// u1 → a1 → u2 → a2
//         ↘ u2b → a2b     (u2b: edited user message as a sibling branch)
//    ↘ a1r               (a1r: regenerated reply, sibling of a1)
const conversation = [
  m('u1', ROOT_PARENT_ID),
  m('a1', 'u1'),
  m('u2', 'a1'),
  m('a2', 'u2'),
  m('u2b', 'a1'),
  m('a2b', 'u2b'),
  m('a1r', 'u1'),
];

describe('buildTree', () => {
  it('nests children under their parents in list order', () => {
    const [root] = buildTree(conversation);
    expect(root!.messageId).toBe('u1');
    expect(root!.children.map((c) => c.messageId)).toEqual(['a1', 'a1r']);
    expect(root!.children[0]!.children.map((c) => c.messageId)).toEqual(['u2', 'u2b']);
    expect(root!.children[0]!.children[1]!.children[0]!.messageId).toBe('a2b');
  });

  it('keeps a message whose parent is missing as a root instead of dropping it', () => {
    const roots = buildTree([m('u1', ROOT_PARENT_ID), m('orphan', 'gone')]);
    expect(roots.map((r) => r.messageId)).toEqual(['u1', 'orphan']);
  });

  it('reads each message a bounded number of times, so a long chain costs O(n) and not a find per step', () => {
    const size = 20_000;
    const chain = [m('0', ROOT_PARENT_ID)];
    for (let i = 1; i < size; i++) chain.push(m(String(i), String(i - 1)));
    let reads = 0;
    const counted = new Proxy(chain, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const roots = buildTree(counted);
    const branch = branchTo(counted, String(size - 1));
    expect(roots).toHaveLength(1);
    expect(branch).toHaveLength(size);
    expect(reads).toBeLessThanOrEqual(4 * size);
  });
});

describe('branchTo', () => {
  it('walks parents from the leaf to the root, root first', () => {
    expect(branchTo(conversation, 'a2b').map((x) => x.messageId)).toEqual(['u1', 'a1', 'u2b', 'a2b']);
  });

  it('stops on a cycle instead of looping forever', () => {
    const cyclic = [m('x', 'y'), m('y', 'x')];
    expect(branchTo(cyclic, 'x').map((n) => n.messageId)).toEqual(['y', 'x']);
  });

  it('is empty for an unknown leaf', () => {
    expect(branchTo(conversation, 'nope')).toEqual([]);
  });
});

describe('siblingsOf', () => {
  it('lists the messages sharing a parent, the message itself included', () => {
    expect(siblingsOf(conversation, 'a1r').map((x) => x.messageId)).toEqual(['a1', 'a1r']);
    expect(siblingsOf(conversation, 'u2').map((x) => x.messageId)).toEqual(['u2', 'u2b']);
    expect(siblingsOf(conversation, 'nope')).toEqual([]);
  });
});

describe('latestLeaf', () => {
  it('follows the newest sibling at each level', () => {
    expect(latestLeaf(conversation)?.messageId).toBe('a1r');
    expect(latestLeaf(conversation.slice(0, 6))?.messageId).toBe('a2b');
  });

  it('returns the original message object and nothing for an empty list', () => {
    expect(latestLeaf(conversation)).toBe(conversation[6]);
    expect(latestLeaf([])).toBeUndefined();
  });
});

describe('recentOfLatestBranch', () => {
  it('takes the end of the newest branch with each message’s siblings, in list order', () => {
    // The newest branch is u1 → a1r; its last message's siblings are a1 and a1r.
    expect(recentOfLatestBranch(conversation, 1).map((m) => m.messageId)).toEqual(['a1', 'a1r']);
    expect(recentOfLatestBranch(conversation, 2).map((m) => m.messageId)).toEqual(['u1', 'a1', 'a1r']);
    // Without a1r the newest branch is u1 → a1 → u2b → a2b; u2 is u2b's sibling, a2 is on no kept level.
    expect(recentOfLatestBranch(conversation.slice(0, 6), 2).map((m) => m.messageId)).toEqual(['u2', 'u2b', 'a2b']);
  });

  it('leaves out the other branches’ deeper messages however large the count, and answers nothing for none', () => {
    expect(recentOfLatestBranch(conversation, 50).map((m) => m.messageId)).toEqual(['u1', 'a1', 'a1r']);
    expect(recentOfLatestBranch(conversation.slice(0, 4), 50)).toEqual(conversation.slice(0, 4));
    expect(recentOfLatestBranch(conversation, 0)).toEqual([]);
    expect(recentOfLatestBranch([], 5)).toEqual([]);
  });
});
