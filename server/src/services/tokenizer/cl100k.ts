import { bytePairCount, type Ranks, type WorkMeter } from './byte-pair-count.ts';

export interface Cl100k {
  pattern: RegExp;
  ranks: Ranks;
}

/** Decodes js-tiktoken's compact rank lines (`! <offset> <base64 token>…`) into bytes → rank. */
function decodeRanks(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const [, offset, ...tokens] = line.split(' ');
    for (let i = 0; i < tokens.length; i++) ranks.set(Buffer.from(tokens[i]!, 'base64').toString('latin1'), Number(offset) + i);
  }
  return ranks;
}

/** cl100k_base from the ranks bundled with js-tiktoken (several MB, a few hundred ms to decode). */
export async function loadCl100k(): Promise<Cl100k> {
  const { default: data } = await import('js-tiktoken/ranks/cl100k_base');
  return { pattern: new RegExp(data.pat_str, 'gu'), ranks: decodeRanks(data.bpe_ranks) };
}

/**
 * Tokens in `text` under cl100k_base, exactly as tiktoken counts them, in O(n log n). Special-token
 * markers such as `<|endoftext|>` are counted as the plain text a user typed, never refused.
 * It runs to the end in one go: only the token worker calls it, never the server's event loop.
 */
export function countCl100k({ pattern, ranks }: Cl100k, text: string, meter: WorkMeter = { lookups: 0 }): number {
  let count = 0;
  for (const [piece] of text.matchAll(pattern)) {
    const bytes = Buffer.from(piece, 'utf8').toString('latin1');
    meter.lookups++;
    count += ranks.has(bytes) ? 1 : bytePairCount(bytes, ranks, meter);
  }
  return count;
}
