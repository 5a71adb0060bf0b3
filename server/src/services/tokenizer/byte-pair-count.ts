/** Token ranks keyed by the token's bytes as a latin1 string (one character per byte). */
export type Ranks = ReadonlyMap<string, number>;

/** Rank lookups made so far, the measure of a count's work (tests bound it to show it is linear). */
export interface WorkMeter {
  lookups: number;
}

// A heap entry packs rank and left position in one number: rank first, then leftmost, as BPE picks.
const POSITION_SPACE = 2 ** 22;

/** A binary min-heap of numbers. */
class NumberHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const items = this.items;
    let i = items.push(value) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]! < items[left]! ? right : left;
      if (items[child]! >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

/**
 * How many tokens byte-pair encoding makes of one pre-tokenized piece (`bytes`, latin1 string
 * of its UTF-8 bytes). It merges exactly as tiktoken does — always the adjacent pair of lowest
 * rank, the leftmost among equals — but keeps candidate pairs in a heap and parts in a linked
 * list, so a piece of n bytes costs O(n log n) instead of the O(n²) of rescanning every pair
 * after each merge (5,000 CJK characters without a space took 9 s that way).
 */
export function bytePairCount(bytes: string, ranks: Ranks, meter: WorkMeter): number {
  const n = bytes.length;
  if (n > POSITION_SPACE) throw new RangeError(`piece of ${n} bytes is too long to count`);
  // next[i]: where the part starting at i ends (the next part's start); alive[i]: a part starts at i.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const alive = new Uint8Array(n).fill(1);
  // The rank of the pair starting at i as it is now (-1: no such token), so a stale heap entry is told apart without a lookup.
  const pairRank = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new NumberHeap();
  let parts = n;

  const offer = (left: number) => {
    const right = next[left]!;
    const rank = right < n ? ranks.get(bytes.slice(left, next[right])) : undefined;
    meter.lookups++;
    pairRank[left] = rank ?? -1;
    if (rank !== undefined) heap.push(rank * POSITION_SPACE + left);
  };

  for (let left = 0; left + 1 < n; left++) offer(left);
  while (heap.size > 0) {
    const entry = heap.pop();
    const left = entry % POSITION_SPACE;
    if (!alive[left] || pairRank[left] !== (entry - left) / POSITION_SPACE) continue;
    const right = next[left]!;
    const end = next[right]!;
    next[left] = end;
    alive[right] = 0;
    if (end < n) prev[end] = left;
    parts--;
    if (prev[left]! >= 0) offer(prev[left]!);
    offer(left);
  }
  return parts;
}
