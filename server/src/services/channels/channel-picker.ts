import type { Channel } from './channel.ts';

/**
 * Among `candidates` (each usable and serving the model), the highest priority's channels share
 * the calls by weight, spread evenly: smooth weighted round-robin (nginx's), so weights 3 and 1
 * give a b a a, a a b a… and exactly 3:1 over every four calls, per process. A tier whose weights
 * are all 0 is shared evenly; a weight-0 channel beside weighted ones is never picked.
 */
export function createWeightedPicker() {
  const current = new Map<string, number>();
  return <C extends Pick<Channel, 'name' | 'priority' | 'weight'>>(candidates: readonly C[]): C | undefined => {
    if (candidates.length === 0) return undefined;
    const top = Math.max(...candidates.map((c) => c.priority));
    const tier = candidates.filter((c) => c.priority === top);
    const even = tier.every((c) => c.weight === 0);
    const weightOf = (c: C) => (even ? 1 : c.weight);
    let total = 0;
    let best: C | undefined;
    for (const channel of tier) {
      const score = (current.get(channel.name) ?? 0) + weightOf(channel);
      current.set(channel.name, score);
      total += weightOf(channel);
      if (weightOf(channel) > 0 && (best === undefined || score > current.get(best.name)!)) best = channel;
    }
    current.set(best!.name, current.get(best!.name)! - total);
    return best;
  };
}

/** Round-robin over each channel's keys: every call takes the next one, per process. */
export function createKeyRotation() {
  const next = new Map<string, number>();
  return (channel: Pick<Channel, 'name' | 'keys'>): { key: string; index: number } => {
    const index = (next.get(channel.name) ?? 0) % channel.keys.length;
    next.set(channel.name, index + 1);
    return { key: channel.keys[index]!, index };
  };
}
