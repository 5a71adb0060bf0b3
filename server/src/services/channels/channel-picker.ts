import type { Channel } from './channel.ts';

/**
 * Among `candidates` (each usable and serving the model), the highest priority's channels
 * share the calls by weight: `random()` in [0, 1) lands in one channel's share. A tier whose
 * weights are all 0 is shared evenly; a weight-0 channel beside weighted ones is never picked.
 */
export function pickByWeight<C extends Pick<Channel, 'priority' | 'weight'>>(candidates: readonly C[], random: () => number): C | undefined {
  if (candidates.length === 0) return undefined;
  const top = Math.max(...candidates.map((c) => c.priority));
  const tier = candidates.filter((c) => c.priority === top);
  const total = tier.reduce((sum, c) => sum + c.weight, 0);
  if (total === 0) return tier[Math.floor(random() * tier.length)];
  let point = random() * total;
  for (const channel of tier) {
    point -= channel.weight;
    if (point < 0) return channel;
  }
  return tier.findLast((c) => c.weight > 0);
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
